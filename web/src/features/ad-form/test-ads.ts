// Test data of the ad form: a stored ad as the API returns it, and values that pass every rule.
import type { StoredAd } from './operations';
import { emptyAdValues, type AdFormValues } from './ad-values';

export function storedAd(overrides: Partial<StoredAd> = {}): StoredAd {
  return {
    id: 'ad-1',
    path: 'four-a-pizza-ad-1',
    editable: true,
    updatedAt: '2026-11-20T10:00:00.000Z',
    title: { fr: 'Four à pizza', en: null },
    description: { fr: '<p>Un <strong>grand</strong> four.</p>', en: null },
    category: 'PROFESSIONAL_COOKING_EQUIPMENT',
    descriptionOther: null,
    professionalKitchenEquipment: [],
    professionalKitchenEquipmentOther: null,
    deliveryTruckType: null,
    deliveryTruckTypeOther: null,
    canHaveDriver: null,
    canShareRoad: null,
    refrigerated: null,
    conditionsTypeDeliveryTruck: null,
    surfaceDescription: null,
    surfaceSize: null,
    equipment: 'Four à sole',
    conditions: null,
    location: {
      address: '123 rue Principale',
      town: 'Rimouski',
      postalCode: 'G5L 1A1',
      latitude: 48.45,
      longitude: -68.52,
      showAddress: false,
    },
    availability: { all: true, day: false, evening: false, weekdays: [], restrictions: [{ date: '2099-01-02', period: 'EVENING' }] },
    certifications: ['HACCP'],
    allergens: [],
    rent: { kind: 'AMOUNT', amountCents: 123450, range: null, unit: 'DAY', description: { fr: 'par jour', en: null } },
    sale: null,
    taxMode: 'ADDED',
    cancellationPolicy: 'MODERATE',
    trade: null,
    donation: { description: { fr: null, en: 'Free to a food bank' } },
    organization: 'Cuisine Solidaire',
    images: [
      {
        id: 'file-1024',
        alt: { fr: 'Le four', en: 'The oven' },
        variants: [
          { fileId: 'file-480', url: 'https://images.test/file-480.webp', width: 480 },
          { fileId: 'file-1024', url: 'https://images.test/file-1024.webp', width: 1024 },
        ],
      },
    ],
    infoIsTrue: true,
    ...overrides,
  };
}

/** The least an ad needs to be valid. */
export function validValues(): AdFormValues {
  const values = emptyAdValues('Cuisine Solidaire');
  return {
    ...values,
    title: { fr: 'Four à pizza', en: '' },
    description: { fr: '<p>Un four.</p>', en: '<p></p>' },
    category: 'PREP_EQUIPMENT',
    address: { address: '1 rue A', town: 'Laval', postalCode: '', latitude: 45.6, longitude: -73.7, showAddress: true },
    availability: { ...values.availability, all: true },
    donation: { offered: true, description: { fr: 'Gratuit', en: '' } },
    infoIsTrue: true,
  };
}
