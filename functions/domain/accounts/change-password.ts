import { AppError, type UserIdResult } from '@partage/graphql';
import { deleteUserRefreshFamilies } from '../../data/refresh-families';
import { getUser, replacePasswordHash } from '../../data/users';
import { hashPassword, verifyPassword } from './password-hash';

/**
 * Replaces the password of a signed-in user who proves the current one, then revokes every other
 * session of theirs: other devices (and whoever might have learnt the old password) are signed out,
 * while the session that made the change (`keepSessionId`) stays signed in.
 */
export async function changePassword(
  userId: string,
  currentPassword: string,
  newPassword: string,
  keepSessionId?: string,
): Promise<UserIdResult> {
  const incorrect = new AppError('INCORRECT_PASSWORD', 'The current password is incorrect');
  const user = await getUser(userId);
  if (!user?.passwordHash || !(await verifyPassword(currentPassword, user.passwordHash))) throw incorrect;
  // Conditional on the hash just checked: a concurrent change wins, this one is refused.
  if (!(await replacePasswordHash(userId, user.passwordHash, await hashPassword(newPassword)))) throw incorrect;
  await deleteUserRefreshFamilies(userId, keepSessionId);
  return { id: userId };
}
