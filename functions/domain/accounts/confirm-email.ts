import { assertValid, required, type ConfirmEmailInput, type UserIdResult } from '@partage/graphql';
import { redeemAccountToken, validAccountToken } from './account-tokens';

/**
 * Follows a /confirmez-courriel link: confirms a sign-up address, or makes the pending new address
 * of an e-mail change the account's (DUPLICATE_EMAIL if another account took it meanwhile).
 */
export async function confirmEmail({ email, token }: ConfirmEmailInput): Promise<UserIdResult> {
  assertValid([
    ['input.email', required(email)],
    ['input.token', required(token)],
  ]);
  const link = await validAccountToken(['EMAIL_CONFIRMATION', 'EMAIL_CHANGE'], email, token);
  const changes =
    link.token.kind === 'EMAIL_CHANGE'
      ? { set: { email: link.token.email, emailConfirmed: true }, remove: ['pendingEmail' as const] }
      : { set: { emailConfirmed: true } };
  await redeemAccountToken(link.token, link.user, changes);
  return { id: link.user.id };
}
