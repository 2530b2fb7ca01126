// The signed-in user's `me` (spec §3): one cached query per login, shared by every screen. The session
// (tokens) says who is signed in; this says what the API knows about them. The cache is emptied when
// the user changes (lib/api/query-client.ts), so a new login always asks again.
import { useEffect } from 'react';
import type { ResultOf } from '../../../lib/api/documents';
import { onApiErrorCode } from '../../../lib/api/error-signals';
import { queryKey, useApiQuery } from '../../../lib/api/queries';
import { queryClient } from '../../../lib/api/query-client';
import { useSession } from '../../../lib/auth/session';
import { logger } from '../../../lib/logger';
import { ME } from './operations';

export type SessionMe = NonNullable<ResultOf<typeof ME>['me']>;
export type SessionUser = { status: 'signedOut' } | { status: 'loading' } | { status: 'failed' } | { status: 'ready'; me: SessionMe };

const ME_KEY = queryKey(ME, {});

/**
 * Fetches `me` again (after the user changed something it shows), keeping the current answer on screen
 * meanwhile so that open dialogs and forms do not flicker.
 */
export const reloadSessionUser = (): Promise<void> => queryClient.invalidateQueries({ queryKey: ME_KEY });

/** Applies a change the API confirmed (or another tab announced) without asking for `me` again. */
export function updateSessionUser(change: (me: SessionMe) => SessionMe): void {
  queryClient.setQueryData<ResultOf<typeof ME>>(ME_KEY, (known) => (known?.me ? { me: change(known.me) } : known));
}

/**
 * The server refused a call until the latest terms are accepted (new terms were published since `me`
 * was loaded): marks them pending, which opens the terms dialog, and reloads `me` for their version.
 */
function requireTerms(): void {
  updateSessionUser((me) =>
    me.profile.acceptedTos
      ? { ...me, profile: { ...me.profile, acceptedTos: { ...me.profile.acceptedTos, hasAcceptedLatest: false } } }
      : me,
  );
  void reloadSessionUser();
}
onApiErrorCode('TERMS_NOT_ACCEPTED', requireTerms);

/**
 * The signed-in user, loaded on first use after each login (and on app start when a session was
 * stored). The header uses it on every page, so the answer is usually there before a screen asks.
 * A failure is notified once (meta.notifyError) and asked again by the next screen that reads it.
 */
export function useSessionUser(): SessionUser {
  const signedIn = useSession() !== null;
  const me = useApiQuery(ME, {}, { enabled: signedIn, staleTime: Infinity, notifyError: true });
  const answeredNull = me.data?.me === null;
  useEffect(() => {
    if (answeredNull) logger.warning('me answered null for a signed-in session');
  }, [answeredNull]);
  if (!signedIn) return { status: 'signedOut' };
  if (me.isError || answeredNull) return { status: 'failed' };
  return me.data?.me ? { status: 'ready', me: me.data.me } : { status: 'loading' };
}
