import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@partage/graphql';
import { getSession } from '../../lib/auth/session';
import { accessToken, callsTo, fill, json, mockFetch, renderAt, text } from '../../test/helpers';

const tokens = (role: 'USER' | 'ADMIN') => ({ token: accessToken(role, 'u-1'), refreshToken: 'r-1' });

async function openLogin(path = '/connexion') {
  const view = renderAt(path);
  await screen.findByRole('heading', { level: 1, name: 'Log in' });
  return view;
}

async function submitCredentials(
  user: Awaited<ReturnType<typeof openLogin>>['user'],
  email = 'locataire@exemple.ca',
  password = 'Demo-Partage-2026',
) {
  await fill(user, screen.getByLabelText('Email'), email);
  await fill(user, screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login page', () => {
  it('says why when a page whose session expired sent the reader here', async () => {
    renderAt({ pathname: '/connexion', search: '?returnPath=%2Fcontrats%2Fc-1', state: { sessionExpired: true } });
    expect(await screen.findByText('Your session has ended: sign in again to get back to the page you asked for.')).toBeVisible();
  });

  it('asks for the missing fields, and moves focus to the first one', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription('This field is required.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('This field is required.');
  });

  it('rejects an e-mail address that is not one', async () => {
    const fetchMock = mockFetch({});
    const { user } = await openLogin();
    await submitCredentials(user, 'locataire.exemple.ca');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please provide a valid email address.');
    expect(callsTo(fetchMock, 'POST', '/token/login')).toHaveLength(0);
  });

  it('signs in, stores the tokens and goes to the ad list', async () => {
    const fetchMock = mockFetch({ 'POST /token/login': json(tokens('USER')) });
    const { user, location } = await openLogin();
    await submitCredentials(user);
    await waitFor(() => expect(location()).toBe('/annonces'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(tokens('USER').token);
    expect(getSession()?.role).toBe('USER');
    expect(callsTo(fetchMock, 'POST', '/token/login')).toEqual([
      { username: 'locataire@exemple.ca', password: 'Demo-Partage-2026', deviceId: expect.stringMatching(/^partage-web-/) },
    ]);
  });

  it('goes back to the return path after login', async () => {
    mockFetch({ 'POST /token/login': json(tokens('USER')) });
    const { user, location } = await openLogin('/connexion?returnPath=%2Fparametres');
    await submitCredentials(user);
    await waitFor(() => expect(location()).toBe('/parametres'));
  });

  it('asks for the e-mailed code when two-factor login applies, then signs in with it', async () => {
    const fetchMock = mockFetch({ 'POST /token/login': [text('2FA code sent', 202), json(tokens('ADMIN'))] });
    const { user, location } = await openLogin();
    await submitCredentials(user, 'admin@exemple.ca');

    const code = await screen.findByLabelText('Verification code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAccessibleDescription(/We sent a 6-digit code to your email address/);

    await fill(user, code, '12a');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(code).toHaveAccessibleDescription(expect.stringContaining('Enter digits only.'));
    await user.clear(code);
    await fill(user, code, '123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(code).toHaveAccessibleDescription(expect.stringContaining('This field must contain exactly 6 characters.'));
    await fill(user, code, '456');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(location()).toBe('/annonces'));
    expect(getSession()?.role).toBe('ADMIN');
    expect(callsTo(fetchMock, 'POST', '/token/login')[1]).toMatchObject({ username: 'admin@exemple.ca', code: '123456' });
  });

  it('says when the code is wrong, and keeps focus in the code field', async () => {
    mockFetch({ 'POST /token/login': [text('2FA code sent', 202), text('Invalid code', 401)] });
    const { user } = await openLogin();
    await submitCredentials(user, 'admin@exemple.ca');
    const code = await screen.findByLabelText('Verification code');
    await fill(user, code, '000000');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(/This code is invalid or has expired/)).toHaveAttribute('role', 'alert');
    expect(code).toHaveFocus();
  });

  it.each([
    ['Invalid username or password', 401, 'Invalid email or password.'],
    ['Email not confirmed', 403, 'Your email address is not confirmed yet. We have just sent you a new confirmation email'],
    ['User is locked out', 403, 'Your account has been locked by an administrator. Contact us to unlock it.'],
    ['{"code":"VALIDATION_FAILED"}', 400, 'Invalid email or password.'],
    ['Internal error', 500, 'An unexpected error has occurred.'],
  ])('explains the answer "%s" (%i)', async (answer, status, shown) => {
    mockFetch({ 'POST /token/login': text(answer, status) });
    const { user, location } = await openLogin();
    await submitCredentials(user);
    expect(await screen.findByText(shown, { exact: false })).toHaveAttribute('role', 'alert');
    expect(location()).toBe('/connexion');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('says how long to wait when the server delays logins (429 with Retry-After)', async () => {
    mockFetch({ 'POST /token/login': () => new Response('Too many attempts', { status: 429, headers: { 'Retry-After': '120' } }) });
    const { user, location } = await openLogin();
    await submitCredentials(user);
    expect(await screen.findByText('Too many login attempts. Try again in 2 minutes, or reset your password.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(location()).toBe('/connexion');
  });

  it('says to try again in a moment when a service behind the login is busy (503 SERVICE_BUSY)', async () => {
    mockFetch({
      'POST /token/login': () => new Response('{"code":"SERVICE_BUSY","message":"busy"}', { status: 503, headers: { 'Retry-After': '5' } }),
    });
    const { user, location } = await openLogin();
    await submitCredentials(user);
    expect(await screen.findByText('The service is very busy right now. Wait a moment, then try again.')).toHaveAttribute('role', 'alert');
    expect(location()).toBe('/connexion');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('keeps the device token a login gives, and sends the stored one with a login', async () => {
    localStorage.setItem(STORAGE_KEYS.deviceToken, 'device-token-1');
    const fetchMock = mockFetch({ 'POST /token/login': json({ ...tokens('USER'), deviceToken: 'device-token-2' }) });
    const { user } = await openLogin();
    await submitCredentials(user);
    await waitFor(() => expect(getSession()?.role).toBe('USER'));
    expect(callsTo(fetchMock, 'POST', '/token/login')).toEqual([expect.objectContaining({ deviceToken: 'device-token-1' })]);
    expect(localStorage.getItem(STORAGE_KEYS.deviceToken)).toBe('device-token-2');
  });

  it('shows the unexpected error when the network fails', async () => {
    mockFetch({ 'POST /token/login': new TypeError('Failed to fetch') });
    const { user } = await openLogin();
    await submitCredentials(user);
    expect(await screen.findByText('An unexpected error has occurred.')).toHaveAttribute('role', 'alert');
  });

  it('speaks French', async () => {
    const { i18n } = await import('../../lib/i18n/i18n');
    await i18n.changeLanguage('fr');
    renderAt('/connexion');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    expect(screen.getByLabelText('Courriel')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Mot de passe')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe("Connexion | Partage d'équipement alimentaire"));
  });
});
