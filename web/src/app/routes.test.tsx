import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, signIn } from '../test/helpers';
import { logout } from '../lib/auth/session';
import { RequireRole } from './guards';

// Signed-in pages ask the API who the user is (welcome modal); these tests are about routing only.

describe('routes', () => {
  it('sends a logged-out visitor of a protected page to login, keeping the wanted path and its query', async () => {
    const { location } = renderAt('/parametres?onglet=securite');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    expect(location()).toBe('/connexion?returnPath=%2Fparametres%3Fonglet%3Dsecurite');
  });

  it.each(['USER', 'ADMIN'] as const)('opens account settings to a signed-in %s', async (role) => {
    signIn(role);
    renderAt('/parametres');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  });

  it('sends a signed-in visitor away from the login page to the ad list', async () => {
    signIn('USER');
    const { location } = renderAt('/connexion');
    await waitFor(() => expect(location()).toBe('/annonces'));
  });

  it('sends a signed-in visitor of the login page to its return path', async () => {
    signIn('USER');
    const { location } = renderAt('/connexion?returnPath=%2Fparametres%3Fonglet%3Dsecurite');
    await waitFor(() => expect(location()).toBe('/parametres?onglet=securite'));
  });

  it('never follows a return path to another site', async () => {
    signIn('USER');
    const { location } = renderAt('/connexion?returnPath=%2F%2Fevil.example%2Fsteal');
    await waitFor(() => expect(location()).toBe('/annonces'));
  });

  it('sends / to the landing page when logged out', async () => {
    const { location } = renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: /Share equipment and spaces/ })).toBeVisible();
    expect(location()).toBe('/accueil');
  });

  it('sends / to the ad list when logged in', async () => {
    signIn('ADMIN');
    const { location } = renderAt('/');
    await waitFor(() => expect(location()).toBe('/annonces'));
  });

  it('answers any other path with the not-found page and its title', async () => {
    renderAt('/page-qui-n-existe-pas');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Page not found | Food Equipment Sharing'));
  });
});

describe('role guards', () => {
  const table = [
    { path: '/', element: <p>Root page</p> },
    { path: '/connexion', element: <p>Login page</p> },
    { element: <RequireRole allow={['USER']} />, children: [{ path: '/user', element: <p>User page</p> }] },
    { element: <RequireRole allow={['ADMIN']} />, children: [{ path: '/admin', element: <p>Admin page</p> }] },
  ];

  it.each([
    ['USER', '/user', 'User page'],
    ['ADMIN', '/admin', 'Admin page'],
  ] as const)('let a %s into %s', async (role, path, content) => {
    signIn(role);
    renderAt(path, table);
    expect(await screen.findByText(content)).toBeVisible();
  });

  it.each([
    ['ADMIN', '/user'],
    ['USER', '/admin'],
  ] as const)('send a %s visiting %s to the root', async (role, path) => {
    signIn(role);
    const { location } = renderAt(path, table);
    expect(await screen.findByText('Root page')).toBeVisible();
    expect(location()).toBe('/');
  });

  it('send a logged-out visitor to login with the return path', async () => {
    const { location } = renderAt('/admin', table);
    expect(await screen.findByText('Login page')).toBeVisible();
    expect(location()).toBe('/connexion?returnPath=%2Fadmin');
  });

  it('send a user whose session expired on a protected page (an e-mail link opened days later) to login, told why, returning there', async () => {
    signIn('USER');
    const { location } = renderAt('/user', table);
    expect(await screen.findByText('User page')).toBeVisible();
    await act(() => logout('expired'));
    expect(await screen.findByText('Login page')).toBeVisible();
    expect(location()).toBe('/connexion?returnPath=%2Fuser');
  });

  it('send a user whose session ends on a protected page to the root, not to login', async () => {
    signIn('USER');
    const { location } = renderAt('/user', table);
    expect(await screen.findByText('User page')).toBeVisible();
    await act(() => logout());
    expect(await screen.findByText('Root page')).toBeVisible();
    expect(location()).toBe('/');
  });
});
