import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { i18n } from '../i18n/i18n';
import { storedMe } from '../profile-form/test-profiles';
import { fill, renderAt, signIn } from '../../test/helpers';
import { answerOperations } from '../../test/fake-api';

beforeAll(() => i18n.loadNamespaces(['profile', 'phone']));

const STARTED = { phoneNumber: '+15145551234', nextCodeAt: '2026-09-01T10:00:30.000Z', expiresAt: '2026-09-01T10:10:00.000Z' };

// `me` is kept per user once loaded: each test signs in as a user of its own.
let users = 0;
async function openProfile(answers: Record<string, unknown>, profile: Parameters<typeof storedMe>[2] = {}) {
  const id = `phone-user-${++users}`;
  signIn('USER', id);
  const api = answerOperations({ me: storedMe(id, {}, profile), ...answers });
  const view = renderAt('/modifier-profil');
  await screen.findByRole('button', { name: 'Save' });
  return { ...view, api, id };
}

async function openDialog(answers: Record<string, unknown>) {
  const opened = await openProfile(answers);
  await opened.user.click(screen.getByRole('button', { name: 'Verify my number' }));
  const dialog = await screen.findByRole('dialog', { name: 'Verify my phone number' });
  await within(dialog).findByText('We will send a 6-digit code by SMS to 514 555-1234.');
  return { ...opened, dialog };
}

describe('phone verification on the edit profile page', () => {
  it('shows a verified number with its badge and no button', async () => {
    await openProfile({}, { phoneVerified: true });
    expect(screen.getByText('Phone number: 514 555-1234')).toBeVisible();
    expect(screen.getByText('Verified')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Verify my number' })).toBeNull();
  });

  it('opens on its first step, sending the code, once the number is loaded', async () => {
    const { dialog } = await openDialog({});
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Send the code' })).toHaveFocus());
  });

  it('sends a code, counts down before another, verifies the code and reloads the profile', async () => {
    const id = `phone-user-${users + 1}`;
    const { user, api, dialog } = await openDialog({
      sendPhoneVerificationCode: STARTED,
      verifyPhoneCode: { phoneVerified: true },
      me: [storedMe(id), storedMe(id), storedMe(id, {}, { phoneVerified: true })],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Send the code' }));
    expect(await within(dialog).findByText('A code was sent by SMS to 514 555-1234. It is valid for 10 minutes.')).toBeVisible();
    const again = within(dialog).getByRole('button', { name: /^Send a new code \((30|29) s\)$/ });
    expect(again).toBeDisabled();
    expect(api.calls('sendPhoneVerificationCode')).toHaveLength(1);

    const code = within(dialog).getByLabelText('Code received by SMS');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await fill(user, code, '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('The code must contain 6 digits.')).toBeVisible();
    expect(api.calls('verifyPhoneCode')).toEqual([]);

    await fill(user, code, '6');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Your phone number is verified.')).toBeVisible();
    expect(api.calls('verifyPhoneCode')).toEqual([{ input: { code: '123456' } }]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Verified')).toBeVisible();
  });

  it('shows the message of each refusal of a code', async () => {
    const refusals = ['PHONE_CODE_INVALID', 'PHONE_CODE_EXPIRED', 'PHONE_TOO_MANY_ATTEMPTS', 'PHONE_NO_VERIFICATION'] as const;
    const { user, dialog } = await openDialog({ verifyPhoneCode: refusals.map((code) => new ApiError(code, code)) });
    const messages = [
      'This code is invalid.',
      'This code has expired. Ask for a new one.',
      'Too many attempts. Try again later.',
      'No verification is in progress. Ask for a new code.',
    ];
    await fill(user, within(dialog).getByLabelText('Code received by SMS'), '654321');
    for (const message of messages) {
      await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(message));
    }
  });

  it('says to wait when a code was asked less than 30 s ago', async () => {
    const { user, dialog } = await openDialog({ sendPhoneVerificationCode: new ApiError('PHONE_CODE_TOO_SOON', 'wait') });
    await user.click(within(dialog).getByRole('button', { name: 'Send the code' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Please wait 30 seconds before asking for a new code.'),
    );
  });
});
