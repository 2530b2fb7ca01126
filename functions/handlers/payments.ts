// Resolvers of the payments capability: a USER onboards their own account with the payment provider.

import { requireRole, USER_ONLY, type Identity } from '../domain/identity';
import { confirmPaymentOnboarding, paymentDashboardLink, startPaymentOnboarding } from '../domain/payments/onboarding';
import { resolverHandler, type FieldMap } from './shared/resolver';
import { tracer } from '../adapters/tracing';
import { observed } from './shared/observed';

type NoArgs = Record<string, never>;

export const paymentsFields = {
  'Mutation.startPaymentOnboarding': (_args: NoArgs, identity: Identity) => startPaymentOnboarding(requireRole(identity, USER_ONLY)),

  'Mutation.confirmPaymentOnboarding': (_args: NoArgs, identity: Identity) => confirmPaymentOnboarding(requireRole(identity, USER_ONLY)),

  'Mutation.paymentDashboardLink': (_args: NoArgs, identity: Identity) => paymentDashboardLink(requireRole(identity, USER_ONLY)),
} satisfies FieldMap;

export const handler = observed('payments', resolverHandler(paymentsFields), { tracer });
