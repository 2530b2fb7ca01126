// A search entry (card) for the search's unit tests: an oven for sale in Laval, a few filters set.

import type { SearchEntry } from '../data/search-index';

export const searchEntry = (overrides: Partial<SearchEntry> = {}): SearchEntry => ({
  id: 'a',
  path: 'four-a',
  title: { fr: 'Four', en: null },
  category: 'PROFESSIONAL_COOKING_EQUIPMENT',
  town: 'Laval',
  latitude: 45.6,
  longitude: -73.7,
  radiusMeters: 0,
  geohash: 'f25dzzzzz',
  image: null,
  rent: null,
  sale: { kind: 'AMOUNT', amountCents: 50_000, range: null },
  trade: false,
  donation: false,
  publishedAt: '2026-11-01T00:00:00.000Z',
  modes: ['SALE'],
  availability: { all: false, day: true, evening: false, weekdays: ['MONDAY'] },
  certifications: ['HACCP'],
  priceRanges: ['FROM_500_TO_1000'],
  terms: ['four', 'pizza'],
  ...overrides,
});
