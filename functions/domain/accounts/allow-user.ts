import { AppError, type UserIdResult } from '@partage/graphql';
import { updateUser } from '../../data/users';
import { existingUser } from './existing-user';
import { clearLoginDelays } from './login-throttle';

/**
 * An administrator lifts an account's administrative lock (and a count of failures kept from before
 * delays replaced locking), and the delays that failed logins put on it.
 */
export async function allowUser(userId: string): Promise<UserIdResult> {
  const user = await existingUser(userId);
  await clearLoginDelays(user.email);
  if (!user.lockedOut && user.failedLogins === 0) throw new AppError('NO_CHANGE', 'The account is not locked');
  await updateUser(user, { set: { lockedOut: false, failedLogins: 0 } });
  return { id: userId };
}
