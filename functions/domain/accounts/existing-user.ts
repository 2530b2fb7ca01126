import { AppError } from '@partage/graphql';
import { getUser, type UserRecord } from '../../data/users';

/** The user with this id; NOT_FOUND otherwise, and for what is left of a deleted account (docs/privacy.md). */
export async function existingUser(userId: string): Promise<UserRecord> {
  const user = await getUser(userId);
  if (!user || user.deletedAt) throw new AppError('NOT_FOUND', 'User not found');
  return user;
}
