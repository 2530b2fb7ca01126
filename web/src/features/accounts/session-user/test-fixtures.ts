// Test data: the signed-in user as `me` answers it.
import type { Me } from '@partage/graphql';

type MeChanges = Partial<Omit<Me, 'profile'>> & { profile?: Partial<Me['profile']> };

/** A confirmed USER who accepted the current terms and closed the welcome dialog, with `changes` applied. */
export function aMe(changes: MeChanges = {}): Me {
  const { profile, ...user } = changes;
  const id = user.id ?? 'user-1';
  return {
    id,
    type: 'USER',
    email: 'marie@exemple.ca',
    pendingEmail: null,
    firstLoginModalClosed: true,
    paymentOnboarding: 'NOT_STARTED',
    ...user,
    profile: {
      id,
      publicName: 'Marie T.',
      acceptedTos: { id, hasAcceptedLatest: true, latestVersionAvailable: '2026-01' },
      firstName: 'Marie',
      lastName: 'Tremblay',
      organizationName: 'Cuisine collective du quartier',
      organizationNEQ: null,
      organizationType: 'NON_PROFIT_ORGANIZATIONS',
      organizationTypeOtherSpecification: null,
      industry: 'CATERING',
      industryOtherSpecification: null,
      phoneNumber: null,
      phoneVerified: false,
      showPhoneNumber: false,
      showEmail: false,
      address: null,
      postalCode: null,
      contactAuthorizationNews: false,
      contactAuthorizationSurveys: false,
      registeringInterests: [],
      language: 'FRENCH',
      registeredSince: '2026-01-15T14:00:00.000Z',
      taxStatus: 'NOT_STATED',
      gstNumber: null,
      qstNumber: null,
      ...profile,
    },
  };
}
