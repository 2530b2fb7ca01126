import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import { fill, renderAt, signIn } from '../../../test/helpers';
import { answerOperations } from '../../../test/fake-api';

async function openPage(path = '/reenvoyer-courriel?email=marie%40exemple.ca') {
  const view = renderAt(path);
  await screen.findByRole('heading', { level: 1, name: 'Get a new confirmation email' });
  return {
    ...view,
    field: screen.getByLabelText('Email'),
    send: () => view.user.click(screen.getByRole('button', { name: 'Send the link' })),
  };
}

describe('resend confirmation page', () => {
  it('starts with the address of the link, sends the link and answers without telling whether the account exists', async () => {
    const api = answerOperations({ resendConfirmationEmail: true });
    const { field, send } = await openPage();
    expect(field).toHaveValue('marie@exemple.ca');
    expect(field).toHaveAttribute('autocomplete', 'email');
    await send();
    const answer = await screen.findByText(/If an account waiting for confirmation uses the address marie@exemple.ca/);
    await waitFor(() => expect(answer.parentElement).toHaveFocus());
    expect(api.calls('resendConfirmationEmail')).toEqual([{ input: { email: 'marie@exemple.ca' } }]);
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/connexion');
  });

  it('checks the address before sending', async () => {
    const api = answerOperations({ resendConfirmationEmail: true });
    const { user, field, send } = await openPage('/reenvoyer-courriel');
    expect(field).toHaveValue('');
    await send();
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription('This field is required.');
    await fill(user, field, 'marie.exemple.ca');
    await send();
    expect(field).toHaveAccessibleDescription('Please provide a valid email address.');
    expect(api.calls('resendConfirmationEmail')).toEqual([]);
  });

  it('puts the server’s verdict on the address on the field', async () => {
    answerOperations({ resendConfirmationEmail: new ApiError('VALIDATION_FAILED', 'bad', [{ path: 'input.email', rule: 'email' }]) });
    const { field, send } = await openPage();
    await send();
    await waitFor(() => expect(field).toHaveAccessibleDescription('Please provide a valid email address.'));
    expect(field).toHaveFocus();
  });

  it('shows other failures as an error notification and keeps the form', async () => {
    answerOperations({ resendConfirmationEmail: new TypeError('Failed to fetch') });
    const { send } = await openPage();
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error has occurred.');
    expect(screen.getByRole('button', { name: 'Send the link' })).toBeVisible();
  });

  it('is for visitors: a signed-in user goes to the ad list', async () => {
    signIn('USER');
    answerOperations({});
    const { location } = renderAt('/reenvoyer-courriel?email=marie%40exemple.ca');
    await waitFor(() => expect(location()).toBe('/annonces'));
  });
});
