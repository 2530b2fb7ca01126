// Resolvers of user administration (/gestion-utilisateurs), ADMIN only. A Lambda of its own: it
// needs no password hashing, and the accounts Lambda stays small.

import {
  assertValid,
  email,
  required,
  type MutationAdminCreateUserArgs,
  type MutationAdminUpdateUserArgs,
  type MutationAllowUserArgs,
  type MutationCreateAdminAccountArgs,
  type MutationLockUserArgs,
  type MutationPublishTermsVersionArgs,
  type MutationVerifyEmailArgs,
  type QueryLinkedAccountPairsArgs,
  type QueryTermsVersionAcceptancesArgs,
  type QueryTransferTargetExistsArgs,
  type QueryUserArgs,
  type QueryUsersArgs,
} from '@partage/graphql';
import { adminCreateUser, createAdminAccount } from '../domain/accounts/admin-accounts';
import { allowUser } from '../domain/accounts/allow-user';
import { lockUser } from '../domain/accounts/lock-user';
import { resendPendingEmailAsAdmin } from '../domain/accounts/pending-account-email';
import { acceptedTosOfMany, publishTermsVersion, termsVersionAcceptances, termsVersions } from '../domain/accounts/terms';
import { adminUpdateUser } from '../domain/accounts/update-profile';
import { userDetail, userPage } from '../domain/accounts/user-directory';
import { transferTargetOf } from '../domain/ads/ads';
import { ADMIN_ONLY, requireRole, unauthorized, type Identity } from '../domain/identity';
import { linkedAccountPairs } from '../domain/ratings/linked-accounts';
import { batched, resolverHandler, type FieldMap } from './shared/resolver';
import { observed } from './shared/observed';

/** Every field here is for administrators: the role is checked before anything else. */
const adminOnly =
  <A, R>(resolve: (args: A) => R) =>
  (args: A, identity: Identity) => {
    requireRole(identity, ADMIN_ONLY);
    return resolve(args);
  };

const isAdmin = (identity: Identity) => identity.role === 'ADMIN' && !!identity.userId;

const userIdChecked = (userId: string, path: string) => assertValid([[path, required(userId)]]);

/** The fields of the admin Lambda. */
export const adminFields = {
  'Query.users': adminOnly((args: QueryUsersArgs) => userPage(args)),

  'Query.user': adminOnly(({ id }: QueryUserArgs) => {
    userIdChecked(id, 'id');
    return userDetail(id);
  }),

  'Mutation.createAdminAccount': adminOnly(({ input }: MutationCreateAdminAccountArgs) => createAdminAccount(input)),

  'Mutation.adminCreateUser': adminOnly(({ input }: MutationAdminCreateUserArgs) => adminCreateUser(input)),

  'Mutation.adminUpdateUser': adminOnly(({ input }: MutationAdminUpdateUserArgs) => {
    userIdChecked(input.userId, 'input.userId');
    return adminUpdateUser(input);
  }),

  'Mutation.verifyEmail': adminOnly(({ input }: MutationVerifyEmailArgs) => resendPendingEmailAsAdmin(input.email)),

  'Mutation.allowUser': adminOnly(({ input }: MutationAllowUserArgs) => {
    userIdChecked(input.userId, 'input.userId');
    return allowUser(input.userId);
  }),

  // The suspension it shares with the moderation queue unpublishes ads as this administrator.
  'Mutation.lockUser': ({ input }: MutationLockUserArgs, identity: Identity) => {
    requireRole(identity, ADMIN_ONLY);
    return lockUser(identity, input);
  },

  'Query.transferTargetExists': adminOnly(async ({ email: address }: QueryTransferTargetExistsArgs) => {
    assertValid([['email', required(address) ?? email(address)]]);
    return (await transferTargetOf(address)) !== undefined;
  }),

  'Query.termsVersions': adminOnly(() => termsVersions()),

  'Query.linkedAccountPairs': (args: QueryLinkedAccountPairsArgs, identity: Identity) => linkedAccountPairs(identity, args),

  'Query.termsVersionAcceptances': adminOnly((args: QueryTermsVersionAcceptancesArgs) => termsVersionAcceptances(args)),

  'Mutation.publishTermsVersion': adminOnly(({ input }: MutationPublishTermsVersionArgs) => publishTermsVersion(input)),

  // Per row of the user list, resolved for the whole page in one call (BatchInvoke). Each call is
  // checked on its own: a caller who is not an administrator gets an error for that row.
  'UserSummary.acceptedTos': batched(async (calls) => {
    const userRows = calls.filter((call) => isAdmin(call.identity) && call.source.type === 'USER').map((call) => call.source.id);
    const states = new Map((await acceptedTosOfMany(userRows)).map((state) => [state.id, state]));
    return calls.map(({ identity, source }) => (isAdmin(identity) ? (states.get(source.id) ?? null) : unauthorized()));
  }),
} satisfies FieldMap;

export const handler = observed('admin', resolverHandler(adminFields));
