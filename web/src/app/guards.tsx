// Route guards (spec §2). They choose screens for the visitor; the API checks every call itself.
import { useState } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { sessionEnd, useSession } from '../lib/auth/session';
import type { SignedInRole } from '../lib/auth/tokens';
import { PATHS } from './paths';
import { loginPathReturningTo, safeReturnPath } from './return-path';

/** The login page's navigation state when the session it follows has expired: it says so. */
export const SESSION_EXPIRED = { sessionExpired: true } as const;

/** `/`: the ad list when signed in, else the landing page. */
export function RootRedirect() {
  return <Navigate to={useSession() ? PATHS.adList : PATHS.landing} replace />;
}

/**
 * Pages for visitors not signed in. A signed-in visitor goes to the page the login was asked to
 * return to, else to the ad list; this is also how a successful login leaves the login page.
 */
export function RequireAnonymous() {
  const session = useSession();
  const [params] = useSearchParams();
  if (!session) return <Outlet />;
  return <Navigate to={safeReturnPath(params.get('returnPath')) ?? PATHS.adList} replace />;
}

/**
 * Pages for some roles: logged out → login, coming back here after; another role → the root.
 * A session that ends while the page is open: a logout leaves for the root (spec §4, the user chose to
 * leave); an expired one (its renewal refused: a link from an e-mail opened days later) for login, told
 * why, coming back here after.
 */
export function RequireRole({ allow }: { allow: readonly SignedInRole[] }) {
  const session = useSession();
  const location = useLocation();
  // A guard only stays mounted with a session (without one it redirects at once), so whether the
  // page opened signed in tells whether a missing session means "it just ended".
  const [openedSignedIn] = useState(() => session !== null);
  if (!session && openedSignedIn && sessionEnd() === 'chosen') return <Navigate to={PATHS.root} replace />;
  if (!session) {
    const expired = openedSignedIn && sessionEnd() === 'expired';
    return (
      <Navigate to={loginPathReturningTo(`${location.pathname}${location.search}`)} replace state={expired ? SESSION_EXPIRED : null} />
    );
  }
  if (!allow.includes(session.role)) return <Navigate to={PATHS.root} replace />;
  return <Outlet />;
}
