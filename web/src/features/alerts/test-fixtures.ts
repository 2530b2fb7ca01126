// Test data of the alert pages: an alert as the API answers it, and a place the autocomplete offers.
import type { AlertFieldsView } from './alert-view';

export const QUEBEC = {
  label: 'Québec, QC',
  address: 'Québec',
  town: 'Québec',
  postalCode: null,
  latitude: 46.8139,
  longitude: -71.208,
};

export function anAlert(changes: Partial<AlertFieldsView> = {}): AlertFieldsView {
  return {
    id: 'alert-1',
    status: 'ACTIVE',
    criteria: {
      categories: ['REFRIGERATION_EQUIPMENT'],
      modes: ['RENT'],
      availability: null,
      priceRanges: [],
      certifications: [],
      keyword: 'chambre froide',
    },
    place: { label: 'Québec, QC', latitude: 46.8139, longitude: -71.208 },
    radiusKm: 15,
    email: 'marie@exemple.ca',
    language: 'FRENCH',
    createdAt: '2026-11-01T12:00:00.000Z',
    updatedAt: '2026-11-01T12:00:00.000Z',
    lastDigestAt: null,
    ...changes,
  };
}
