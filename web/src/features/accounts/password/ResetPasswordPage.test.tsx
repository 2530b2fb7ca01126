import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import { renderAt, signIn } from '../../../test/helpers';
import { answerOperations } from '../../../test/fake-api';

const LINK = '/reinitialiser-mot-de-passe?email=marie%40exemple.ca&token=t-1';
const VALID = {
  status: 'VALID',
  user: { id: 'u-1', email: 'marie@exemple.ca', type: 'USER', profileId: 'u-1', firstName: 'Marie', lastName: 'Tremblay' },
};

async function openForm(answers: Record<string, unknown>) {
  const api = answerOperations({ verifyToken: VALID, ...answers });
  const view = renderAt(LINK);
  const password = await screen.findByLabelText('New password');
  const confirmation = screen.getByLabelText('Confirm the new password');
  const save = async (next: string, again = next) => {
    await view.user.type(password, next);
    await view.user.type(confirmation, again);
    await view.user.click(screen.getByRole('button', { name: 'Save the password' }));
  };
  return { ...view, api, password, confirmation, save };
}

describe('reset password page', () => {
  it('checks the link first, then sets the new password and goes to login with a notice', async () => {
    const { api, password, save, location } = await openForm({ resetPassword: { id: 'u-1' } });
    expect(api.calls('verifyToken')).toEqual([{ email: 'marie@exemple.ca', token: 't-1', type: 'PASSWORD_RESET' }]);
    expect(screen.getByText('Choose the new password of the account marie@exemple.ca.')).toBeVisible();
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(password).toHaveAccessibleDescription(/At least 10 characters/);
    await save('Nouveau-Passe-2026');
    await waitFor(() => expect(location()).toBe('/connexion'));
    expect(await screen.findByText('Your password has been changed. Log in with your new password.')).toBeVisible();
    expect(api.calls('resetPassword')).toEqual([
      { input: { emailAddress: 'marie@exemple.ca', newPassword: 'Nouveau-Passe-2026', token: 't-1' } },
    ]);
  });

  it('applies the shared password rules before sending', async () => {
    const { api, password, confirmation, save, user } = await openForm({});
    await save('faible');
    expect(password).toHaveFocus();
    expect(password).toHaveAccessibleDescription(expect.stringContaining('The password must contain at least 10 characters'));
    await user.clear(password);
    await user.clear(confirmation);
    await save('Nouveau-Passe-2026', 'Nouveau-Passe-2027');
    expect(confirmation).toHaveFocus();
    expect(confirmation).toHaveAccessibleDescription('The passwords do not match.');
    expect(api.calls('resetPassword')).toEqual([]);
  });

  it.each([
    ['EXPIRED', 'This link has expired.'],
    ['USED', 'This link has already been used.'],
    ['INVALID', 'This link is not valid. Make sure you copied all of it from the email.'],
  ])('explains a %s link and offers to ask again', async (status, message) => {
    answerOperations({ verifyToken: { status, user: null } });
    renderAt(LINK);
    const shown = await screen.findByText(message);
    await waitFor(() => expect(shown.parentElement).toHaveFocus());
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/mot-de-passe-oublie?email=marie%40exemple.ca',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('switches to the explanation when the link is spent while the form is open', async () => {
    const { save } = await openForm({ resetPassword: new ApiError('INVALID_TOKEN', 'USED') });
    await save('Nouveau-Passe-2026');
    expect(await screen.findByText('This link has already been used.')).toBeVisible();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('puts the server’s password verdict on the field', async () => {
    const { password, save } = await openForm({
      resetPassword: new ApiError('VALIDATION_FAILED', 'bad', [{ path: 'input.newPassword', rule: 'password' }]),
    });
    await save('Nouveau-Passe-2026');
    await waitFor(() => expect(password).toHaveAccessibleDescription(expect.stringContaining('The password must contain')));
    expect(password).toHaveFocus();
  });

  it('says when the link could not be checked', async () => {
    answerOperations({ verifyToken: new TypeError('Failed to fetch') });
    renderAt(LINK);
    expect(await screen.findByText(/We could not check this link/)).toBeVisible();
    expect(within(screen.getByRole('alert')).getByText('An unexpected error has occurred.')).toBeVisible();
  });

  it('does not ask the API about a link without a token', async () => {
    const api = answerOperations({});
    renderAt('/reinitialiser-mot-de-passe?email=marie%40exemple.ca');
    expect(await screen.findByText(/This link is not valid/)).toBeVisible();
    expect(api.calls('verifyToken')).toEqual([]);
  });

  it('is for visitors: a signed-in user goes to the ad list', async () => {
    signIn('USER');
    answerOperations({});
    const { location } = renderAt(LINK);
    await waitFor(() => expect(location()).toBe('/annonces'));
  });
});
