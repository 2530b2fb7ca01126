// POST /token/logout (docs/contracts.md): the server revokes the session, so its refresh token and,
// within a minute, its access token stop working even if a copy of them is somewhere else.
import { apiUrl } from '../config';
import { describeError, logger } from '../logger';
import type { Tokens } from './tokens';

/** Best effort: the browser forgets the tokens whatever the answer; `keepalive` outlives a navigation. */
export async function endSessionOnServer({ token, refreshToken }: Tokens): Promise<void> {
  try {
    await fetch(apiUrl('/token/logout'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, refreshToken }),
      keepalive: true,
    });
  } catch (error) {
    logger.warning(`Logout request failed: ${describeError(error)}`);
  }
}
