// A complete, valid ad form input: for tests, the authorization matrix and the benchmark (no test
// runner imported here).

import type { AdInput } from '@partage/graphql';

/** A complete, valid AdInput (a professional kitchen for rent, in French), shown address hidden. */
export function adInput(overrides: Partial<AdInput> = {}): AdInput {
  return {
    title: { fr: 'Cuisine commerciale à Rosemont', en: null },
    description: { fr: '<p>Cuisine <strong>équipée</strong>, disponible le soir.</p>', en: null },
    category: 'PROFESSIONAL_KITCHEN',
    professionalKitchenEquipment: ['OVEN', 'FRIDGE'],
    address: {
      address: '4321, rue Saint-Denis, Montréal',
      town: 'Montréal',
      postalCode: 'H2J 2K9',
      latitude: 45.5261,
      longitude: -73.5822,
      showAddress: false,
    },
    availability: { all: false, day: false, evening: true, weekdays: ['MONDAY', 'TUESDAY'], restrictions: [] },
    certifications: ['HACCP'],
    allergens: [],
    rent: { kind: 'AMOUNT', amountCents: 4_500, unit: 'HOUR', description: { fr: 'Taxes en sus', en: null } },
    taxMode: 'ADDED',
    cancellationPolicy: 'MODERATE',
    organization: 'Épicerie solidaire Rosemont',
    images: [],
    infoIsTrue: true,
    ...overrides,
  };
}
