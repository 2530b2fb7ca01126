import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import { i18n } from '../../../lib/i18n/i18n';
import { fill, renderAt, signIn } from '../../../test/helpers';
import { answerOperations } from '../../../test/fake-api';
import { storedMe } from '../../../lib/profile-form/test-profiles';

beforeAll(() => i18n.loadNamespaces(['profile']));

async function openCreate(answer: unknown) {
  signIn('ADMIN', 'admin-1');
  const api = answerOperations({ me: storedMe('admin-1', { type: 'ADMIN' }, { acceptedTos: null }), adminCreateUser: answer, user: null });
  const view = renderAt('/gestion-utilisateurs/creer-utilisateur');
  await screen.findByRole('heading', { level: 1, name: 'Create a user' });
  return { ...view, api };
}

type User = Awaited<ReturnType<typeof openCreate>>['user'];

async function fillRequired(user: User) {
  await fill(user, screen.getByLabelText('Organisation name'), 'Épicerie du Coin');
  await user.selectOptions(screen.getByLabelText('Type of organisation'), 'PRIVATE_COMPANY');
  await user.selectOptions(screen.getByLabelText('Industry'), 'RETAIL');
  await fill(user, screen.getByLabelText('First name'), 'Luc');
  await fill(user, screen.getByLabelText('Last name'), 'Gagnon');
  await fill(user, screen.getByLabelText('Email'), 'luc@exemple.ca');
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Create the user' }));

describe('admin: create a user', () => {
  it('asks for the profile without password or consent, and never fills in the administrator’s own details', async () => {
    await openCreate({ id: 'u-new' });
    expect(screen.getByText('The person will receive an email inviting them to choose their password.')).toBeVisible();
    expect(screen.queryByLabelText(/Password/)).toBeNull();
    expect(screen.queryByRole('group', { name: 'Communications (optional)' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Interests (optional)' })).toBeVisible();
    for (const label of ['Organisation name', 'First name', 'Last name', 'Email', 'Phone number (optional)', 'Address (optional)']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('autocomplete', 'off');
    }
    expect(screen.getByRole('link', { name: 'Back to the user list' })).toHaveAttribute('href', '/gestion-utilisateurs');
  });

  it('creates the user, says so and opens their edit page', async () => {
    const { user, api, location } = await openCreate({ id: 'u-new' });
    await fillRequired(user);
    await user.click(screen.getByLabelText('English'));
    await submit(user);
    await waitFor(() => expect(location()).toBe('/gestion-utilisateurs/modifier-utilisateur/u-new'));
    expect(await screen.findByText('The user has been created. An email invites them to choose their password.')).toBeVisible();
    expect(api.calls('adminCreateUser')).toEqual([
      {
        input: {
          organizationName: 'Épicerie du Coin',
          organizationType: 'PRIVATE_COMPANY',
          industry: 'RETAIL',
          firstName: 'Luc',
          lastName: 'Gagnon',
          email: 'luc@exemple.ca',
          showEmail: false,
          showPhoneNumber: false,
          registeringInterests: [],
          language: 'ENGLISH',
        },
      },
    ]);
  });

  it('marks the missing fields without calling the API', async () => {
    const { user, api } = await openCreate({ id: 'u-new' });
    await submit(user);
    expect(screen.getByLabelText('Organisation name')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This field is required.');
    expect(api.calls('adminCreateUser')).toEqual([]);
  });

  it('puts a taken address on the e-mail field', async () => {
    const { user, location } = await openCreate(new ApiError('DUPLICATE_EMAIL', 'Taken'));
    await fillRequired(user);
    await submit(user);
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('An account already exists with this email address.');
    expect(location()).toBe('/gestion-utilisateurs/creer-utilisateur');
  });

  it('shows a refusal as an error notification', async () => {
    const { user } = await openCreate(new ApiError('UNAUTHORIZED_ACCESS', 'no'));
    await fillRequired(user);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not authorized to perform this operation.');
  });

  it('is for administrators only', async () => {
    signIn('USER', 'user-9');
    answerOperations({ me: storedMe('user-9') });
    const { location } = renderAt('/gestion-utilisateurs/creer-utilisateur');
    await waitFor(() => expect(location()).not.toBe('/gestion-utilisateurs/creer-utilisateur'));
  });
});
