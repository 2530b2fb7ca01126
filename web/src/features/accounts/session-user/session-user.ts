// The signed-in user's `me` (spec §3): the one place that fetches it, once per login, shared by every
// screen. The session (tokens) says who is signed in; this says what the API knows about them.
import { useEffect, useSyncExternalStore } from 'react';
import type { Me } from '@partage/graphql';
import { onApiErrorCode } from '../../../lib/api/error-signals';
import { graphqlRequest } from '../../../lib/api/graphql';
import { getSession, useSession } from '../../../lib/auth/session';
import { logger } from '../../../lib/logger';
import { notifyError } from '../../../lib/notifications/notify-error';
import { ME } from './operations';

export type SessionUser = { status: 'signedOut' } | { status: 'loading' } | { status: 'failed' } | { status: 'ready'; me: Me };

const SIGNED_OUT: SessionUser = { status: 'signedOut' };
const LOADING: SessionUser = { status: 'loading' };
const FAILED: SessionUser = { status: 'failed' };

/** What is known of one user id; a login as someone else starts over. */
let entry: { userId: string; user: SessionUser } | null = null;
const listeners = new Set<() => void>();

function publish(next: typeof entry): void {
  entry = next;
  listeners.forEach((listener) => listener());
}

/** Answers for `userId` only while that user is still the one signed in: a logout or switch voids it. */
async function fetchMe(userId: string): Promise<void> {
  let user: SessionUser;
  try {
    const { me } = await graphqlRequest<{ me: Me | null }>(ME);
    if (!me) logger.warning('me answered null for a signed-in session');
    user = me ? { status: 'ready', me } : FAILED;
  } catch (error) {
    if (getSession()?.userId === userId) notifyError(error);
    user = FAILED;
  }
  if (getSession()?.userId === userId) publish({ userId, user });
}

function loadOnce(userId: string): void {
  if (entry?.userId === userId && entry.user !== FAILED) return;
  publish({ userId, user: LOADING });
  void fetchMe(userId);
}

/**
 * Fetches `me` again (after the user changed something it shows), keeping the current answer on screen
 * meanwhile so that open dialogs and forms do not flicker.
 */
export function reloadSessionUser(): Promise<void> {
  const userId = getSession()?.userId;
  return userId ? fetchMe(userId) : Promise.resolve();
}

/** Applies a change the API confirmed (or another tab announced) without asking for `me` again. */
export function updateSessionUser(change: (me: Me) => Me): void {
  if (entry?.user.status === 'ready') publish({ userId: entry.userId, user: { status: 'ready', me: change(entry.user.me) } });
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

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The signed-in user, loaded on first use after each login (and on app start when a session was
 * stored). The header uses it on every page, so the answer is usually there before a screen asks.
 */
export function useSessionUser(): SessionUser {
  const userId = useSession()?.userId ?? null;
  const known = useSyncExternalStore(subscribe, () => entry);
  useEffect(() => {
    if (userId) loadOnce(userId);
    // Logged out: forget, so that the next login (even as the same user) loads a fresh `me`.
    else if (entry) publish(null);
  }, [userId]);
  if (!userId) return SIGNED_OUT;
  return known?.userId === userId ? known.user : LOADING;
}
