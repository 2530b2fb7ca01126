import { assertValid, oneOf, required, TOKEN_TYPES, type QueryVerifyTokenArgs, type VerifyTokenResult } from '@partage/graphql';
import { checkAccountToken } from './account-tokens';

/** What a link is worth, so its page can show its form or say why not; the user only for a valid one. */
export async function verifyToken({ email, token, type }: QueryVerifyTokenArgs): Promise<VerifyTokenResult> {
  assertValid([
    ['email', required(email)],
    ['token', required(token)],
    ['type', required(type) ?? oneOf(TOKEN_TYPES)(type)],
  ]);
  const check = await checkAccountToken([type], email, token);
  if (check.status !== 'VALID') return { status: check.status, user: null };
  const { user } = check;
  return {
    status: 'VALID',
    user: { id: user.id, email: user.email, type: user.role, profileId: user.id, firstName: user.firstName, lastName: user.lastName },
  };
}
