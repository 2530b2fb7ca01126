// Who may call each root field of payments.graphql (see authz.ts).

import type { AuthzTable } from './authz';

// A USER onboards their own account (the fields name nobody); administrators neither rent nor get paid.
const USER_ONLY = { anonymous: false, own: true, other: true, admin: false };

export const authz: AuthzTable = {
  'Mutation.startPaymentOnboarding': USER_ONLY,
  'Mutation.confirmPaymentOnboarding': USER_ONLY,
  'Mutation.paymentDashboardLink': USER_ONLY,
};
