import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import { renderAt, signIn } from '../../../test/helpers';
import { answerOperations } from '../../../test/fake-api';

async function openForm(answers: Record<string, unknown>) {
  signIn('ADMIN', 'admin-1');
  const api = answerOperations({ users: { items: [], nextToken: null }, ...answers });
  const view = renderAt('/gestion-utilisateurs/creer-administrateur');
  await screen.findByRole('heading', { level: 1, name: 'Create an administrator' });
  const fields = {
    email: screen.getByLabelText('Email'),
    firstName: screen.getByLabelText('First name'),
    lastName: screen.getByLabelText('Last name'),
  };
  const fill = async (email: string, firstName: string, lastName: string) => {
    if (email) await view.user.type(fields.email, email);
    if (firstName) await view.user.type(fields.firstName, firstName);
    if (lastName) await view.user.type(fields.lastName, lastName);
    await view.user.click(screen.getByRole('button', { name: 'Send the invitation' }));
  };
  return { ...view, api, fields, fill };
}

describe('create an administrator', () => {
  it('invites the administrator in French unless told otherwise, says so and goes back to the list', async () => {
    const { api, fill, location } = await openForm({ createAdminAccount: { id: 'a-2' } });
    expect(screen.getByText(/The invitation is valid for 7 days/)).toBeVisible();
    const languages = screen.getByRole('group', { name: 'Language of the invitation and of later emails' });
    expect(within(languages).getByRole('radio', { name: 'Français' })).toBeChecked();
    await fill(' nadia@exemple.ca', 'Nadia ', 'Roy');
    await waitFor(() => expect(location()).toBe('/gestion-utilisateurs'));
    expect(await screen.findByText('The invitation has been sent. The new administrator appears in the list.')).toBeVisible();
    expect(api.calls('createAdminAccount')).toEqual([
      { input: { email: 'nadia@exemple.ca', firstName: 'Nadia', lastName: 'Roy', language: 'FRENCH' } },
    ]);
  });

  it('sends the invitation in the language chosen', async () => {
    const { api, fill, user } = await openForm({ createAdminAccount: { id: 'a-3' } });
    await user.click(screen.getByRole('radio', { name: 'English' }));
    await fill('sam@exemple.ca', 'Sam', 'Lee');
    await waitFor(() =>
      expect(api.calls('createAdminAccount')).toEqual([
        { input: { email: 'sam@exemple.ca', firstName: 'Sam', lastName: 'Lee', language: 'ENGLISH' } },
      ]),
    );
  });

  it('requires every field, focusing the first', async () => {
    const { api, fields, fill } = await openForm({});
    await fill('nadia@', '', '');
    expect(fields.email).toHaveFocus();
    expect(fields.email).toHaveAccessibleDescription('Please provide a valid email address.');
    expect(fields.firstName).toHaveAccessibleDescription('This field is required.');
    expect(fields.lastName).toHaveAccessibleDescription('This field is required.');
    expect(api.calls('createAdminAccount')).toEqual([]);
  });

  it('puts an address already in use on the e-mail field', async () => {
    const { fields, fill, location } = await openForm({ createAdminAccount: new ApiError('DUPLICATE_EMAIL', 'taken') });
    await fill('admin@exemple.ca', 'Nadia', 'Roy');
    await waitFor(() => expect(fields.email).toHaveAccessibleDescription('An account already exists with this email address.'));
    expect(fields.email).toHaveFocus();
    expect(location()).toBe('/gestion-utilisateurs/creer-administrateur');
  });

  it('shows a refusal as an error notification', async () => {
    const { fill } = await openForm({ createAdminAccount: new ApiError('UNAUTHORIZED_ACCESS', 'no') });
    await fill('nadia@exemple.ca', 'Nadia', 'Roy');
    expect(await screen.findByText('You are not authorized to perform this operation.')).toBeVisible();
  });

  it('is for administrators', async () => {
    signIn('USER');
    answerOperations({});
    const { location } = renderAt('/gestion-utilisateurs/creer-administrateur');
    await waitFor(() => expect(location()).not.toBe('/gestion-utilisateurs/creer-administrateur'));
  });
});
