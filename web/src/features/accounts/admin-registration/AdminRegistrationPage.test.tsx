import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import { fill, renderAt } from '../../../test/helpers';
import { answerOperations } from '../../../test/fake-api';

const LINK = '/inscription/admin?email=nadia%40exemple.ca&token=t-1';
const VALID = {
  status: 'VALID',
  user: { id: 'a-2', email: 'nadia@exemple.ca', type: 'ADMIN', profileId: 'a-2', firstName: 'Nadia', lastName: 'Roy' },
};

async function openForm(answers: Record<string, unknown>) {
  const api = answerOperations({ verifyToken: VALID, ...answers });
  const view = renderAt(LINK);
  await screen.findByRole('heading', { level: 1, name: 'Complete your administrator account' });
  const fields = {
    firstName: await screen.findByLabelText('First name'),
    lastName: screen.getByLabelText('Last name'),
    password: screen.getByLabelText('Password'),
    confirmation: screen.getByLabelText('Confirm the password'),
  };
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Create my account' }));
  return { ...view, api, fields, submit };
}

describe('admin registration page', () => {
  it('lives at a French path; an invitation sent to the former English one still opens it, token kept', async () => {
    answerOperations({ verifyToken: VALID });
    const { location } = renderAt('/registration/admin?email=nadia%40exemple.ca&token=t-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete your administrator account' })).toBeVisible();
    expect(location()).toBe(LINK);
  });

  it('starts from the invitation’s names, sets the password and goes to login with a notice', async () => {
    const { api, fields, submit, user, location } = await openForm({ completeAdminRegistration: { id: 'a-2' } });
    expect(api.calls('verifyToken')).toEqual([{ email: 'nadia@exemple.ca', token: 't-1', type: 'ADMIN_INVITATION' }]);
    expect(screen.getByText('Your account: nadia@exemple.ca. Check your name, then choose your password.')).toBeVisible();
    expect(fields.firstName).toHaveValue('Nadia');
    expect(fields.lastName).toHaveValue('Roy');
    expect(fields.firstName).toHaveAttribute('autocomplete', 'given-name');
    await user.clear(fields.lastName);
    await fill(user, fields.lastName, 'Roy-Gagnon');
    await fill(user, fields.password, 'Admin-Partage-2026');
    await fill(user, fields.confirmation, 'Admin-Partage-2026');
    await submit();
    await waitFor(() => expect(location()).toBe('/connexion'));
    expect(await screen.findByText(/Your administrator account is ready/)).toBeVisible();
    expect(api.calls('completeAdminRegistration')).toEqual([
      { input: { email: 'nadia@exemple.ca', token: 't-1', password: 'Admin-Partage-2026', firstName: 'Nadia', lastName: 'Roy-Gagnon' } },
    ]);
  });

  it('requires the names and a strong, confirmed password', async () => {
    const { api, fields, submit, user } = await openForm({});
    await user.clear(fields.firstName);
    await submit();
    expect(fields.firstName).toHaveFocus();
    expect(fields.firstName).toHaveAccessibleDescription('This field is required.');
    expect(fields.password).toHaveAccessibleDescription(expect.stringContaining('This field is required.'));
    expect(api.calls('completeAdminRegistration')).toEqual([]);
  });

  it('puts the server’s password verdict on the password field', async () => {
    const { fields, submit, user } = await openForm({
      completeAdminRegistration: new ApiError('VALIDATION_FAILED', 'bad', [{ path: 'input.password', rule: 'password' }]),
    });
    await fill(user, fields.password, 'Admin-Partage-2026');
    await fill(user, fields.confirmation, 'Admin-Partage-2026');
    await submit();
    await waitFor(() => expect(fields.password).toHaveAccessibleDescription(expect.stringContaining('The password must contain')));
    expect(fields.password).toHaveFocus();
  });

  it('sends to login when the invitation was already used', async () => {
    answerOperations({ verifyToken: { status: 'USED', user: null } });
    renderAt(LINK);
    expect(await screen.findByText('This link has already been used.')).toBeVisible();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/connexion');
  });

  it('asks for a new invitation when the link has expired', async () => {
    answerOperations({ verifyToken: { status: 'EXPIRED', user: null } });
    renderAt(LINK);
    expect(await screen.findByText('This link has expired.')).toBeVisible();
    expect(screen.getByText('Ask the administrator who invited you to send you a new invitation.')).toBeVisible();
  });

  it('speaks French', async () => {
    const { i18n } = await import('../../../lib/i18n/i18n');
    await i18n.changeLanguage('fr');
    answerOperations({ verifyToken: VALID });
    renderAt(LINK);
    expect(await screen.findByRole('heading', { level: 1, name: 'Compléter votre compte administrateur' })).toBeVisible();
    expect(await screen.findByLabelText('Prénom')).toHaveValue('Nadia');
    expect(screen.getByLabelText('Confirmer le mot de passe')).toBeVisible();
  });
});
