// The login page's ways out to this folder's pages: a new confirmation e-mail for an unconfirmed address.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, mockFetch, renderAt, text } from '../../../test/helpers';
import { answerOperations } from '../../../test/fake-api';

describe('login page, unconfirmed address', () => {
  it('offers to send the confirmation again to the address typed, with the resend page prefilled', async () => {
    answerOperations({});
    mockFetch({ 'POST /token/login': text('Email not confirmed', 403) });
    const { user } = renderAt('/connexion');
    await fill(user, await screen.findByLabelText('Email'), 'marie+test@exemple.ca');
    await fill(user, screen.getByLabelText('Password'), 'Demo-Partage-2026');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const notice = await within(screen.getByRole('main')).findByRole('alert');
    const resend = within(notice).getByRole('link', { name: /Get a new confirmation link/ });
    expect(resend).toHaveAttribute('href', '/reenvoyer-courriel?email=marie%2Btest%40exemple.ca');
    await user.click(resend);
    expect(await screen.findByRole('heading', { level: 1, name: 'Get a new confirmation email' })).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue('marie+test@exemple.ca');
  });

  it('does not offer it for other refusals', async () => {
    answerOperations({});
    mockFetch({ 'POST /token/login': text('Invalid username or password', 401) });
    const { user } = renderAt('/connexion');
    await fill(user, await screen.findByLabelText('Email'), 'marie@exemple.ca');
    await fill(user, screen.getByLabelText('Password'), 'Wrong-Password-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(within(await within(screen.getByRole('main')).findByRole('alert')).queryByRole('link')).toBeNull();
  });
});
