// Resolvers of the accounts capability. Each one checks the caller's role, then its input.

import {
  assertValid,
  password,
  required,
  type MutationChangePasswordArgs,
  type MutationUpdateFirstLoginModalClosedArgs,
  type SubscriptionOnFirstLoginModalClosedArgs,
} from '@partage/graphql';
import { changePassword } from '../domain/accounts/change-password';
import { updateFirstLoginModalClosed } from '../domain/accounts/first-login-modal';
import { getMe } from '../domain/accounts/me';
import { requireRole, SIGNED_IN, unauthorized, type Identity } from '../domain/identity';
import { resolverHandler } from './shared/resolver';

export const handler = resolverHandler({
  'Query.me': (_args: Record<string, never>, identity: Identity) => (identity.role === 'ANONYME' ? null : getMe(identity.userId)),

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
    return changePassword(userId, input.currentPassword, input.newPassword);
  },

  // Runs once when a client subscribes: null lets it in. Only the user themself may listen.
  'Subscription.onFirstLoginModalClosed': ({ id }: SubscriptionOnFirstLoginModalClosedArgs, identity: Identity) => {
    const userId = requireRole(identity, SIGNED_IN);
    assertValid([['id', required(id)]]);
    if (id !== userId) throw unauthorized();
    return null;
  },
});
