import { AppError } from '@partage/graphql';
import { getUser, type UserRecord } from '../../data/users';

/** The user with this id; NOT_FOUND otherwise. */
export async function existingUser(userId: string): Promise<UserRecord> {
  const user = await getUser(userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  return user;
}
