import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import { renderAt, signIn } from '../../../test/helpers';
import { answerOperations } from '../../../test/fake-api';

// A signed-in user with nothing else to do first (no welcome or terms modal).
const me = (pendingEmail: string | null = null) => ({
  id: 'u-1',
  type: 'USER',
  email: 'marie@exemple.ca',
  pendingEmail,
  firstLoginModalClosed: true,
  profile: {
    id: 'u-1',
    publicName: 'Marie T.',
    firstName: 'Marie',
    lastName: 'Tremblay',
    acceptedTos: { id: 'u-1', hasAcceptedLatest: true, latestVersionAvailable: '1' },
  },
});

async function openSettings(answers: Record<string, unknown>) {
  signIn('USER', 'u-1');
  const api = answerOperations(answers);
  const view = renderAt('/parametres');
  await screen.findByRole('heading', { level: 2, name: 'Change email address' });
  const fields = { newEmail: screen.getByLabelText('New email address'), password: screen.getByLabelText('Your password') };
  const submit = async (newEmail: string, password: string) => {
    if (newEmail) await view.user.type(fields.newEmail, newEmail);
    if (password) await view.user.type(fields.password, password);
    await view.user.click(screen.getByRole('button', { name: 'Change email address' }));
  };
  return { ...view, api, fields, submit };
}

describe('change of e-mail address in the account settings', () => {
  it('shows the current address, asks for the change and then shows the new one waiting for confirmation', async () => {
    const { api, fields, submit } = await openSettings({ me: [me(), me('marie.t@exemple.ca')], changeEmail: { id: 'u-1' } });
    expect(await screen.findByText('Current email address: marie@exemple.ca')).toBeVisible();
    expect(fields.newEmail).toHaveAttribute('autocomplete', 'email');
    expect(fields.newEmail).toHaveAccessibleDescription(/We will send a confirmation link to this address/);
    expect(fields.password).toHaveAttribute('autocomplete', 'current-password');
    await submit('Marie.T@exemple.ca ', 'Demo-Partage-2026');
    expect(await screen.findByText('We have sent a confirmation link to your new email address.')).toBeVisible();
    expect(api.calls('changeEmail')).toEqual([{ input: { newEmail: 'Marie.T@exemple.ca', password: 'Demo-Partage-2026' } }]);
    expect(await screen.findByText(/Waiting for confirmation: we sent a link to marie.t@exemple.ca/)).toBeVisible();
    expect(fields.newEmail).toHaveValue('');
    expect(fields.password).toHaveValue('');
  });

  it('checks both fields before sending', async () => {
    const { api, fields, submit } = await openSettings({ me: me() });
    await submit('marie.exemple.ca', '');
    expect(fields.newEmail).toHaveFocus();
    expect(fields.newEmail).toHaveAccessibleDescription(expect.stringContaining('Please provide a valid email address.'));
    expect(fields.password).toHaveAccessibleDescription(expect.stringContaining('This field is required.'));
    expect(api.calls('changeEmail')).toEqual([]);
  });

  it.each([
    ['INCORRECT_PASSWORD', 'password', 'The current password is incorrect.'],
    ['DUPLICATE_EMAIL', 'newEmail', 'An account already exists with this email address.'],
    ['NO_CHANGE', 'newEmail', "This is already your account's email address."],
  ] as const)('puts %s on its field', async (code, field, message) => {
    const { fields, submit } = await openSettings({ me: me(), changeEmail: new ApiError(code, code) });
    await submit('marie.t@exemple.ca', 'Demo-Partage-2026');
    await waitFor(() => expect(fields[field]).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(fields[field]).toHaveFocus();
  });

  it('shows other failures as an error notification', async () => {
    const { submit } = await openSettings({ me: me(), changeEmail: new ApiError('UNAUTHORIZED_ACCESS', 'no') });
    await submit('marie.t@exemple.ca', 'Demo-Partage-2026');
    expect(await screen.findByText('You are not authorized to perform this operation.')).toBeVisible();
  });
});
