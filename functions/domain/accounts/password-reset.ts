// Forgotten passwords (/mot-de-passe-oublie, /reinitialiser-mot-de-passe). The reset link also
// proves the address, so it confirms it, and it ends the delays failed logins put on the account;
// an administrative lock stays until an administrator allows the account.

import { assertValid, password, required, type ResetPasswordInput, type UserIdResult } from '@partage/graphql';
import { deleteUserRefreshFamilies } from '../../data/refresh-families';
import { findUserByEmail } from '../../data/users';
import { emailAddressRule } from './account-fields';
import { redeemAccountToken, validAccountToken } from './account-tokens';
import { sendLinkEmailWithinLimit } from './link-emails';
import { clearLoginDelays } from './login-throttle';
import { hashPassword } from './password-hash';

/** The same answer whether or not the address has an account. */
export async function sendPasswordReset(address: string): Promise<boolean> {
  assertValid([['input.email', emailAddressRule(address)]]);
  const user = await findUserByEmail(address);
  if (user) await sendLinkEmailWithinLimit('passwordReset', user);
  return true;
}

/** Sets the new password, signs the user out of every device and lifts the login delays. */
export async function resetPassword({ emailAddress, newPassword, token }: ResetPasswordInput): Promise<UserIdResult> {
  assertValid([
    ['input.emailAddress', required(emailAddress)],
    ['input.newPassword', required(newPassword) ?? password(newPassword)],
    ['input.token', required(token)],
  ]);
  const link = await validAccountToken(['PASSWORD_RESET'], emailAddress, token);
  await redeemAccountToken(link.token, link.user, { set: { passwordHash: await hashPassword(newPassword), emailConfirmed: true } });
  await deleteUserRefreshFamilies(link.user.id);
  await clearLoginDelays(link.user.email);
  return { id: link.user.id };
}
