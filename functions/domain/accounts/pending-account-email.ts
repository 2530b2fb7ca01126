// "Resend the e-mail": whatever link a user still has to follow to use their account.

import { AppError, assertValid, type UserIdResult } from '@partage/graphql';
import { findUserByEmail, type UserRecord } from '../../data/users';
import { sendLinkEmail, sendLinkEmailWithinLimit, type LinkEmailName } from './link-emails';
import { emailAddressRule } from './account-fields';

/** The admin invitation, the set-your-password link or the address confirmation; none once active. */
export function pendingEmailOf(user: UserRecord): LinkEmailName | undefined {
  if (!user.passwordHash) return user.role === 'ADMIN' ? 'adminInvitation' : 'accountCreatedByAdmin';
  return user.emailConfirmed ? undefined : 'emailConfirmation';
}

/** resendConfirmationEmail: the same answer whether or not the address has an account to activate. */
export async function resendConfirmationEmail(address: string): Promise<boolean> {
  assertValid([['input.email', emailAddressRule(address)]]);
  const user = await findUserByEmail(address);
  const pending = user && pendingEmailOf(user);
  if (pending) await sendLinkEmailWithinLimit(pending, user);
  return true;
}

/** verifyEmail, the administrators' "resend the verification e-mail" (not rate-limited). */
export async function resendPendingEmailAsAdmin(address: string): Promise<UserIdResult> {
  assertValid([['input.email', emailAddressRule(address)]]);
  const user = await findUserByEmail(address);
  if (!user) throw new AppError('NOT_FOUND', 'No account with this e-mail address');
  const pending = pendingEmailOf(user);
  if (!pending) throw new AppError('NO_CHANGE', 'The account is already active');
  await sendLinkEmail(pending, user);
  return { id: user.id };
}
