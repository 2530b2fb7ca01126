import { AppError, type FirstLoginModalClosedResult } from '@partage/graphql';
import { setFirstLoginModalClosed } from '../../data/users';

/** Remembers the welcome modal's state; the result is what `onFirstLoginModalClosed` delivers. */
export async function updateFirstLoginModalClosed(userId: string, firstLoginModalClosed: boolean): Promise<FirstLoginModalClosedResult> {
  if (!(await setFirstLoginModalClosed(userId, firstLoginModalClosed))) throw new AppError('NOT_FOUND', 'User not found');
  return { id: userId, firstLoginModalClosed };
}
