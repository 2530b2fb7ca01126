// Route guards (spec §2). They choose screens for the visitor; the API checks every call itself.
import { useState } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { useSession } from '../lib/auth/session';
import type { SignedInRole } from '../lib/auth/tokens';
import { PATHS } from './paths';
import { loginPathReturningTo, safeReturnPath } from './return-path';

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
 * A session that ends while the page is open (logout, failed renewal) goes to the root (spec §4),
 * not to login: the user chose to leave, or will be told why.
 */
export function RequireRole({ allow }: { allow: readonly SignedInRole[] }) {
  const session = useSession();
  const location = useLocation();
  // A guard only stays mounted with a session (without one it redirects at once), so whether the
  // page opened signed in tells whether a missing session means "it just ended".
  const [openedSignedIn] = useState(() => session !== null);
  if (!session && openedSignedIn) return <Navigate to={PATHS.root} replace />;
  if (!session) return <Navigate to={loginPathReturningTo(`${location.pathname}${location.search}`)} replace />;
  if (!allow.includes(session.role)) return <Navigate to={PATHS.root} replace />;
  return <Outlet />;
}
