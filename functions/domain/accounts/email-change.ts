// changeEmail (/parametres): the address changes only once the link sent to the new one is followed
// (confirmEmail), so a typo cannot lock the user out. A newer request replaces a pending one.

import { AppError, assertValid, required, type ChangeEmailInput, type UserIdResult } from '@partage/graphql';
import { findUserByEmail, getUser, updateUser } from '../../data/users';
import { emailAddressRule } from './account-fields';
import { sendLinkEmail } from './link-emails';
import { verifyPassword } from './password-hash';

export async function changeEmail(userId: string, { newEmail, password }: ChangeEmailInput): Promise<UserIdResult> {
  assertValid([
    ['input.newEmail', emailAddressRule(newEmail)],
    ['input.password', required(password)],
  ]);
  const user = await getUser(userId);
  if (!user?.passwordHash || !(await verifyPassword(password, user.passwordHash))) {
    throw new AppError('INCORRECT_PASSWORD', 'The password is incorrect');
  }
  const address = newEmail.trim().toLowerCase();
  if (address === user.email) throw new AppError('NO_CHANGE', 'This is already the account’s address');
  // Checked again when the link is followed: the address may be taken in between.
  if (await findUserByEmail(address)) throw new AppError('DUPLICATE_EMAIL', 'An account already exists with this e-mail address');
  await updateUser(user, { set: { pendingEmail: address } });
  await sendLinkEmail('emailChange', user, { to: address });
  return { id: userId };
}
