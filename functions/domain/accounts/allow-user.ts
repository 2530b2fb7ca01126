import { AppError, type UserIdResult } from '@partage/graphql';
import { updateUser } from '../../data/users';
import { existingUser } from './existing-user';

/** An administrator unlocks an account locked by failed logins; its count starts again at zero. */
export async function allowUser(userId: string): Promise<UserIdResult> {
  const user = await existingUser(userId);
  if (!user.lockedOut && user.failedLogins === 0) throw new AppError('NO_CHANGE', 'The account is not locked');
  await updateUser(user, { set: { lockedOut: false, failedLogins: 0 } });
  return { id: userId };
}
