import { AppError, assertValid, required, type LockUserInput, type UserIdResult } from '@partage/graphql';
import type { Identity } from '../identity';
import { suspendAccount } from '../moderation/moderation';
import { existingUser } from './existing-user';

/**
 * An administrator locks a user out from the user page, as a suspension from the moderation queue
 * does (one lock for both: the list's "locked" column and allowUser read the same flag). Administrators
 * are not locked this way: one could otherwise shut every other out.
 */
export async function lockUser(admin: Identity, input: LockUserInput): Promise<UserIdResult> {
  assertValid([
    ['input.userId', required(input?.userId)],
    ['input.reason', required(input?.reason?.trim())],
  ]);
  const user = await existingUser(input.userId);
  if (user.role !== 'USER') throw new AppError('UNAUTHORIZED_ACCESS', 'Only a user account can be locked');
  if (user.lockedOut) throw new AppError('NO_CHANGE', 'The account is locked already');
  await suspendAccount(admin, user.id, input.reason.trim());
  return { id: user.id };
}
