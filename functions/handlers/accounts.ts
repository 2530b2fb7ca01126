// Resolvers of the accounts capability. Each one checks the caller's role (and ownership), then
// hands the input to its use case, which validates it.

import {
  assertValid,
  password,
  required,
  type MutationAcceptTosArgs,
  type MutationChangeEmailArgs,
  type MutationChangePasswordArgs,
  type MutationCompleteAdminRegistrationArgs,
  type MutationConfirmEmailArgs,
  type MutationCreateUserAccountArgs,
  type MutationResendConfirmationEmailArgs,
  type MutationResetPasswordArgs,
  type MutationSendPasswordResetArgs,
  type MutationUpdateFirstLoginModalClosedArgs,
  type MutationUpdateUserProfileArgs,
  type QueryPublicProfileArgs,
  type QueryTosHistoryArgs,
  type QueryVerifyTokenArgs,
  type SubscriptionOnFirstLoginModalClosedArgs,
} from '@partage/graphql';
import { completeAdminRegistration } from '../domain/accounts/admin-accounts';
import { changeEmail } from '../domain/accounts/email-change';
import { changePassword } from '../domain/accounts/change-password';
import { confirmEmail } from '../domain/accounts/confirm-email';
import { updateFirstLoginModalClosed } from '../domain/accounts/first-login-modal';
import { getMe } from '../domain/accounts/me';
import { resetPassword, sendPasswordReset } from '../domain/accounts/password-reset';
import { resendConfirmationEmail } from '../domain/accounts/pending-account-email';
import { createUserAccount } from '../domain/accounts/sign-up';
import { acceptTos, currentTermsVersion, tosHistory } from '../domain/accounts/terms';
import { updateUserProfile } from '../domain/accounts/update-profile';
import { publicProfile } from '../domain/accounts/user-directory';
import { verifyToken } from '../domain/accounts/verify-token';
import { requireAnonymous, requireRole, requireSelfOrAdmin, SIGNED_IN, unauthorized, USER_ONLY, type Identity } from '../domain/identity';
import { enforceRateLimit } from '../domain/rate-limits';
import { resolverHandler, sourceAddressOf, type FieldMap, type ResolverEvent } from './shared/resolver';
import { subscriptionFilter } from './shared/subscription-filter';
import { observed } from './shared/observed';

type NoArgs = Record<string, never>;

/** The fields of the accounts Lambda. */
export const accountsFields = {
  'Query.me': (_args: NoArgs, identity: Identity) => (identity.role === 'ANONYME' ? null : getMe(identity.userId)),

  // Links are opened signed in or not: the token is the credential.
  'Query.verifyToken': (args: QueryVerifyTokenArgs) => verifyToken(args),

  'Query.publicProfile': ({ id }: QueryPublicProfileArgs, identity: Identity) => {
    requireRole(identity, SIGNED_IN);
    assertValid([['id', required(id)]]);
    return publicProfile(id);
  },

  'Query.termsVersion': () => currentTermsVersion(),

  'Query.tosHistory': ({ userId }: QueryTosHistoryArgs, identity: Identity) => {
    const ownerId = userId ?? requireRole(identity, SIGNED_IN);
    requireSelfOrAdmin(identity, ownerId);
    return tosHistory(ownerId);
  },

  'Mutation.createUserAccount': async ({ input }: MutationCreateUserAccountArgs, identity: Identity, event: ResolverEvent) => {
    requireAnonymous(identity);
    await enforceRateLimit('signUp', sourceAddressOf(event));
    return createUserAccount(input);
  },

  'Mutation.confirmEmail': ({ input }: MutationConfirmEmailArgs) => confirmEmail(input),

  'Mutation.resendConfirmationEmail': async ({ input }: MutationResendConfirmationEmailArgs, _identity: Identity, event: ResolverEvent) => {
    await enforceRateLimit('resendConfirmation', sourceAddressOf(event));
    return resendConfirmationEmail(input.email);
  },

  'Mutation.sendPasswordReset': async ({ input }: MutationSendPasswordResetArgs, _identity: Identity, event: ResolverEvent) => {
    await enforceRateLimit('passwordReset', sourceAddressOf(event));
    return sendPasswordReset(input.email);
  },

  'Mutation.resetPassword': ({ input }: MutationResetPasswordArgs) => resetPassword(input),

  'Mutation.completeAdminRegistration': ({ input }: MutationCompleteAdminRegistrationArgs) => completeAdminRegistration(input),

  // Each sends an e-mail to an address nobody confirmed yet: limited per source and per account.
  'Mutation.changeEmail': async ({ input }: MutationChangeEmailArgs, identity: Identity, event: ResolverEvent) => {
    const userId = requireRole(identity, SIGNED_IN);
    await enforceRateLimit('changeEmail', sourceAddressOf(event));
    await enforceRateLimit('changeEmail', userId);
    return changeEmail(userId, input);
  },

  'Mutation.updateUserProfile': ({ input }: MutationUpdateUserProfileArgs, identity: Identity) => {
    requireRole(identity, SIGNED_IN);
    assertValid([['input.userId', required(input.userId)]]);
    requireSelfOrAdmin(identity, input.userId);
    return updateUserProfile(input);
  },

  'Mutation.acceptTos': ({ input }: MutationAcceptTosArgs, identity: Identity) =>
    acceptTos(requireRole(identity, USER_ONLY), input.tosVersion),

  'Mutation.updateFirstLoginModalClosed': ({ input }: MutationUpdateFirstLoginModalClosedArgs, identity: Identity) => {
    const userId = requireRole(identity, SIGNED_IN);
    assertValid([['input.firstLoginModalClosed', typeof input?.firstLoginModalClosed === 'boolean' ? null : 'required']]);
    return updateFirstLoginModalClosed(userId, input.firstLoginModalClosed);
  },

  'Mutation.changePassword': ({ input }: MutationChangePasswordArgs, identity: Identity) => {
    const userId = requireRole(identity, SIGNED_IN);
    assertValid([
      ['input.currentPassword', required(input?.currentPassword)],
      ['input.newPassword', required(input?.newPassword) ?? password(input?.newPassword)],
    ]);
    return changePassword(userId, input.currentPassword, input.newPassword, identity.sessionId);
  },

  // Runs once when a client subscribes. Only the user themself may listen, and the filter set on
  // the server keeps every other user's events away from this subscription.
  'Subscription.onFirstLoginModalClosed': ({ id }: SubscriptionOnFirstLoginModalClosedArgs, identity: Identity) => {
    const userId = requireRole(identity, SIGNED_IN);
    assertValid([['id', required(id)]]);
    if (id !== userId) throw unauthorized();
    return subscriptionFilter({ id: { eq: userId } });
  },
} satisfies FieldMap;

export const handler = observed('accounts', resolverHandler(accountsFields));
