// Multi-tab (spec §4): every 30 s the token in memory is compared with the one in localStorage.
import { TOKEN_STORAGE_CHECK_MS } from '@partage/graphql';
import { getSession, syncSessionFromStorage } from './session';
import { readAccessToken, readStoredTokens } from './tokens';

/**
 * Reloads the page when another tab logged in, logged out or switched user. A token another tab merely
 * renewed for the same user and role is adopted instead, so a renewal elsewhere never costs this tab
 * what is being typed in it.
 */
export function watchStoredToken(reload: () => void = () => window.location.reload()): () => void {
  const check = () => {
    const mine = getSession();
    const stored = readStoredTokens()?.token ?? null;
    if ((mine?.token ?? null) === stored) return;
    const theirs = stored ? readAccessToken(stored) : null;
    if (mine && theirs && theirs.userId === mine.userId && theirs.role === mine.role) syncSessionFromStorage();
    else reload();
  };
  const id = setInterval(check, TOKEN_STORAGE_CHECK_MS);
  return () => clearInterval(id);
}
