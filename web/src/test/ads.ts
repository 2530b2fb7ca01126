// Test support: ads as the API answers them (every field of graphql/schema/ads.graphql's Ad).

export const AD_ID = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';

const variants = (name: string) =>
  [480, 1024, 1920].map((width) => ({ url: `https://images.test/${name}-${width}.webp`, width, height: (width * 3) / 4 }));

/** A published rental kitchen in Montréal, readable in both languages; `overrides` replace top-level fields. */
export function testAd(overrides: Record<string, unknown> = {}) {
  const id = (overrides.id as string | undefined) ?? AD_ID;
  return {
    __typename: 'Ad',
    id,
    path: `cuisine-commerciale-${id}`,
    title: { fr: 'Cuisine commerciale', en: 'Commercial kitchen' },
    description: { fr: '<p>Grande cuisine <strong>équipée</strong>.</p>', en: '<p>Large <strong>equipped</strong> kitchen.</p>' },
    category: 'PROFESSIONAL_KITCHEN',
    descriptionOther: null,
    professionalKitchenEquipment: ['OVEN', 'OTHER'],
    professionalKitchenEquipmentOther: 'Fumoir',
    deliveryTruckType: null,
    deliveryTruckTypeOther: null,
    canHaveDriver: null,
    canShareRoad: null,
    refrigerated: null,
    conditionsTypeDeliveryTruck: null,
    surfaceDescription: null,
    surfaceSize: '120 m²',
    equipment: null,
    conditions: 'Nettoyage inclus',
    location: {
      exact: true,
      address: '123 rue Ontario Est',
      town: 'Montréal',
      postalCode: 'H2X 1Y4',
      latitude: 45.515,
      longitude: -73.56,
      radiusMeters: 0,
      showAddress: true,
    },
    availability: {
      all: false,
      day: true,
      evening: false,
      weekdays: ['MONDAY', 'TUESDAY'],
      restrictions: [{ date: '2026-12-25', period: 'ALL_DAY' }],
    },
    certifications: ['HACCP'],
    allergens: ['PEANUTS'],
    rent: { kind: 'AMOUNT', amountCents: 123450, range: null, unit: 'DAY', description: { fr: 'Taxes en sus', en: 'Plus taxes' } },
    sale: null,
    taxMode: 'ADDED',
    trade: null,
    donation: { description: { fr: 'Surplus de bocaux', en: null } },
    organization: 'Cuisine du Quartier',
    contact: {
      userId: 'owner-1',
      publicName: 'Cuisine du Quartier',
      organizationName: 'Cuisine du Quartier',
      email: 'cuisine@exemple.ca',
      phoneNumber: '+15145550199',
    },
    images: [
      { id: 'image-1', alt: { fr: 'La cuisine', en: 'The kitchen' }, variants: variants('kitchen') },
      { id: 'image-2', alt: { fr: 'Le four', en: 'The oven' }, variants: variants('oven') },
    ],
    infoIsTrue: true,
    published: true,
    unlisted: false,
    editable: false,
    createdAt: '2026-11-01T12:00:00.000Z',
    updatedAt: '2026-11-02T12:00:00.000Z',
    publishedAt: '2026-11-02T12:00:00.000Z',
    equipmentRatings: { count: 0, compliance: null, cleanliness: null, security: null, overall: null },
    ...overrides,
  };
}

/** `count` ads with distinct ids and titles. */
export const testAds = (count: number, from = 0) =>
  Array.from({ length: count }, (_, index) => {
    const n = from + index;
    const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    return testAd({ id, path: `annonce-${n}-${id}`, title: { fr: `Annonce ${n}`, en: `Ad ${n}` } });
  });

/** A search result (graphql/schema/search.graphql's AdSummary) of the same kitchen; `overrides` replace top-level fields. */
export function testSummary(overrides: Record<string, unknown> = {}) {
  const ad = testAd();
  const id = (overrides.id as string | undefined) ?? AD_ID;
  return {
    __typename: 'AdSummary',
    id,
    path: `cuisine-commerciale-${id}`,
    title: ad.title,
    category: ad.category,
    town: 'Montréal',
    latitude: 45.515,
    longitude: -73.56,
    radiusMeters: 0,
    image: ad.images[0],
    rent: { kind: 'AMOUNT', amountCents: 123450, range: null, unit: 'DAY' },
    sale: null,
    trade: false,
    donation: true,
    publishedAt: ad.publishedAt,
    distanceKm: null,
    equipmentRatings: ad.equipmentRatings,
    ...overrides,
  };
}

/** `count` search results with distinct ids, titles and places. */
export const testSummaries = (count: number, from = 0) =>
  Array.from({ length: count }, (_, index) => {
    const n = from + index;
    const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    return testSummary({ id, path: `annonce-${n}-${id}`, title: { fr: `Annonce ${n}`, en: `Ad ${n}` }, latitude: 45.5 + n / 100 });
  });
