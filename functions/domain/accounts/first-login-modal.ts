import { AppError, type FirstLoginModalClosedResult } from '@partage/graphql';
import { publisher } from '../../adapters/publisher';
import { setFirstLoginModalClosed } from '../../data/users';

/** Remembers the welcome modal's state and tells the user's other tabs (`onFirstLoginModalClosed`). */
export async function updateFirstLoginModalClosed(userId: string, firstLoginModalClosed: boolean): Promise<FirstLoginModalClosedResult> {
  if (!(await setFirstLoginModalClosed(userId, firstLoginModalClosed))) throw new AppError('NOT_FOUND', 'User not found');
  const result = { id: userId, firstLoginModalClosed };
  await publisher().publish({ name: 'firstLoginModalClosed', data: result });
  return result;
}
