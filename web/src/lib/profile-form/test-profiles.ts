// Test support: stored profiles as the API answers them.
import type { Me, Profile } from '@partage/graphql';

export const storedProfile = (overrides: Partial<Profile> = {}): Required<Profile> => ({
  id: 'u-1',
  publicName: 'Cuisine Solidaire',
  acceptedTos: { id: 'u-1', hasAcceptedLatest: true, latestVersionAvailable: '2026-01' },
  firstName: 'Marie',
  lastName: 'Tremblay',
  organizationName: 'Cuisine Solidaire',
  organizationNEQ: '1234567890',
  organizationType: 'NON_PROFIT_ORGANIZATIONS',
  organizationTypeOtherSpecification: null,
  industry: 'CATERING',
  industryOtherSpecification: null,
  phoneNumber: '+15145551234',
  phoneVerified: false,
  showPhoneNumber: true,
  showEmail: false,
  address: '123 rue Principale, Montréal',
  postalCode: 'H2X 1Y4',
  contactAuthorizationNews: true,
  contactAuthorizationSurveys: false,
  registeringInterests: ['VIEW_AD'],
  language: 'FRENCH',
  registeredSince: '2026-01-15T12:00:00.000Z',
  taxStatus: 'NOT_STATED',
  gstNumber: null,
  qstNumber: null,
  ...overrides,
});

/** `me` of a signed-in user who has seen the welcome and accepted the terms (no dialog in the way). */
export const storedMe = (id: string, overrides: Partial<Me> = {}, profile: Partial<Profile> = {}): Me => ({
  id,
  type: 'USER',
  email: 'marie@exemple.ca',
  pendingEmail: null,
  paymentOnboarding: 'NOT_STARTED',
  firstLoginModalClosed: true,
  profile: storedProfile({ id, ...profile }),
  ...overrides,
});
