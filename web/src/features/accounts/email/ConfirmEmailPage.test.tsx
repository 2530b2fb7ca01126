import { StrictMode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { ApiError } from '../../../lib/api/errors';
import { renderAt, signIn } from '../../../test/helpers';
import { answerOperations } from '../../../test/fake-api';

/** Links of the page itself, not of the header. */
const pageLink = (name: string) => within(screen.getByRole('main')).getByRole('link', { name });

const linkTo = (token: string, extra = '') => `/confirmez-courriel?email=marie%40exemple.ca&token=${token}${extra}`;

describe('e-mail confirmation page', () => {
  it('confirms the address and invites the visitor to log in, coming back to the return path after', async () => {
    const api = answerOperations({ confirmEmail: { id: 'u-1' } });
    renderAt(linkTo('t-ok', '&returnPath=%2Fannonces%2F42'));
    expect(await screen.findByText('Your email address is confirmed. You can now log in.')).toBeVisible();
    await waitFor(() => expect(screen.getByText('Your email address is confirmed. You can now log in.').parentElement).toHaveFocus());
    expect(pageLink('Log in')).toHaveAttribute('href', '/connexion?returnPath=%2Fannonces%2F42');
    expect(api.calls('confirmEmail')).toEqual([{ input: { email: 'marie@exemple.ca', token: 't-ok' } }]);
    await waitFor(() => expect(document.title).toBe('Email address confirmation | Food Equipment Sharing'));
  });

  it('ignores a return path to another site', async () => {
    answerOperations({ confirmEmail: { id: 'u-1' } });
    renderAt(linkTo('t-evil', '&returnPath=%2F%2Fevil.example'));
    await screen.findByText(/Your email address is confirmed/);
    expect(pageLink('Log in')).toHaveAttribute('href', '/connexion');
  });

  it('spends the link once, even when React runs the effect twice', async () => {
    const api = answerOperations({ confirmEmail: { id: 'u-1' } });
    const router = createMemoryRouter(routes, { initialEntries: [linkTo('t-strict')] });
    render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
    expect(await screen.findByText(/Your email address is confirmed/)).toBeVisible();
    expect(api.calls('confirmEmail')).toHaveLength(1);
  });

  it('offers a new link when the link has expired', async () => {
    answerOperations({ confirmEmail: new ApiError('INVALID_TOKEN', 'EXPIRED') });
    renderAt(linkTo('t-old'));
    expect(await screen.findByText('This link has expired.')).toBeVisible();
    expect(pageLink('Get a new confirmation link')).toHaveAttribute('href', '/reenvoyer-courriel?email=marie%40exemple.ca');
    expect(pageLink('Go to account settings')).toHaveAttribute('href', '/parametres');
  });

  it('suggests logging in when the link was already used', async () => {
    answerOperations({ confirmEmail: new ApiError('INVALID_TOKEN', 'USED') });
    renderAt(linkTo('t-used'));
    expect(await screen.findByText('This link has already been used.')).toBeVisible();
    expect(screen.getByText(/If you have already confirmed your address/)).toBeVisible();
    expect(pageLink('Log in')).toHaveAttribute('href', '/connexion');
  });

  it('says a link without its token is not valid, without calling the API', async () => {
    const api = answerOperations({});
    renderAt('/confirmez-courriel?email=marie%40exemple.ca');
    expect(await screen.findByText(/This link is not valid/)).toBeVisible();
    expect(api.calls('confirmEmail')).toEqual([]);
  });

  it('explains that another account took the new address meanwhile', async () => {
    answerOperations({ confirmEmail: new ApiError('DUPLICATE_EMAIL', 'taken') });
    renderAt(linkTo('t-dup'));
    expect(await screen.findByText(/Another account now uses this email address/)).toBeVisible();
  });

  it('shows a network failure as an error notification', async () => {
    answerOperations({ confirmEmail: new TypeError('Failed to fetch') });
    renderAt(linkTo('t-offline'));
    expect(await screen.findByText(/We could not check this link/)).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('An unexpected error has occurred.');
  });

  it('takes a signed-in user confirming a change of address on to the account settings', async () => {
    signIn('USER', 'u-1');
    const api = answerOperations({ confirmEmail: { id: 'u-1' } });
    const { location } = renderAt(linkTo('t-change'));
    await waitFor(() => expect(location()).toBe('/parametres'));
    expect(await screen.findByText('Your email address is confirmed.')).toBeVisible();
    expect(api.calls('confirmEmail')).toHaveLength(1);
    // The settings show the new address: the signed-in user is asked for again (by the header's dialogs, loaded on demand).
    await waitFor(() => expect(api.calls('me').length).toBeGreaterThan(0));
  });

  it('takes a signed-in user to the return path after confirming', async () => {
    signIn('USER', 'u-1');
    answerOperations({ confirmEmail: { id: 'u-1' } });
    const { location } = renderAt(linkTo('t-change-return', '&returnPath=%2Fmodifier-profil'));
    await waitFor(() => expect(location()).toBe('/modifier-profil'));
  });

  it('tells a signed-in user whose link failed to ask again from the settings, not the visitors’ resend page', async () => {
    signIn('USER', 'u-1');
    answerOperations({ confirmEmail: new ApiError('INVALID_TOKEN', 'INVALID') });
    renderAt(linkTo('t-bad'));
    expect(await screen.findByText(/This link is not valid/)).toBeVisible();
    expect(pageLink('Go to account settings')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Get a new confirmation link' })).toBeNull();
  });

  it('speaks French', async () => {
    const { i18n } = await import('../../../lib/i18n/i18n');
    await i18n.changeLanguage('fr');
    answerOperations({ confirmEmail: { id: 'u-1' } });
    renderAt(linkTo('t-fr'));
    expect(await screen.findByRole('heading', { level: 1, name: "Confirmation de l'adresse courriel" })).toBeVisible();
    expect(await screen.findByText('Votre adresse courriel est confirmée. Vous pouvez maintenant vous connecter.')).toBeVisible();
  });
});
