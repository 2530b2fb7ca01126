// The screens of spec §2 built so far. Later capabilities add theirs; any other path is not found.
import type { RouteObject } from 'react-router-dom';
import { AppShell } from './AppShell';
import { RequireAnonymous, RequireRole, RootRedirect } from './guards';
import { lazyPage } from './lazy-page';
import { PageLayout } from './PageLayout';
import { RouteError } from './RouteError';

const LandingPage = lazyPage(() => import('../features/site/LandingPage').then((m) => m.LandingPage));
const NotFoundPage = lazyPage(() => import('../features/site/NotFoundPage').then((m) => m.NotFoundPage));
const LoginPage = lazyPage(() => import('../features/accounts/LoginPage').then((m) => m.LoginPage));
const AccountSettingsPage = lazyPage(() =>
  import('../features/accounts/AccountSettingsPage').then((m) => m.AccountSettingsPage),
);

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <RootRedirect /> },
      {
        element: <PageLayout fullScreen />,
        children: [{ path: 'accueil', element: <LandingPage /> }],
      },
      {
        element: <PageLayout />,
        children: [
          { element: <RequireAnonymous />, children: [{ path: 'connexion', element: <LoginPage /> }] },
          { element: <RequireRole allow={['USER', 'ADMIN']} />, children: [{ path: 'parametres', element: <AccountSettingsPage /> }] },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
