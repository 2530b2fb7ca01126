import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NotificationRegion } from '../../app/NotificationRegion';
import { ApiError } from '../../lib/api/errors';
import { answerOperations, callsOf } from '../../test/fake-api';
import { ChangePasswordForm } from './ChangePasswordForm';
import { fill } from '../../test/helpers';

function renderForm() {
  const user = userEvent.setup();
  render(
    <>
      <NotificationRegion />
      <ChangePasswordForm />
    </>,
  );
  const fields = {
    current: screen.getByLabelText('Current password'),
    next: screen.getByLabelText('New password'),
    confirmation: screen.getByLabelText('Confirm the new password'),
  };
  const submitWith = async (current: string, next: string, confirmation = next) => {
    if (current) await fill(user, fields.current, current);
    if (next) await fill(user, fields.next, next);
    if (confirmation) await fill(user, fields.confirmation, confirmation);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  };
  return { user, fields, submitWith };
}

describe('change password form', () => {
  it('marks every empty field, focusing the first', async () => {
    const { fields, submitWith } = renderForm();
    await submitWith('', '', '');
    expect(fields.current).toHaveFocus();
    for (const field of Object.values(fields))
      expect(field).toHaveAccessibleDescription(expect.stringContaining('This field is required.'));
    expect(callsOf('changePassword')).toEqual([]);
  });

  it('requires a strong new password, explained beside the field', async () => {
    const { fields, submitWith } = renderForm();
    expect(fields.next).toHaveAccessibleDescription(/At least 10 characters, including a lowercase letter/);
    await submitWith('Old-Password-1', 'short1A');
    expect(fields.next).toHaveFocus();
    expect(fields.next).toHaveAccessibleDescription(expect.stringContaining('The password must contain at least 10 characters'));
    expect(callsOf('changePassword')).toEqual([]);
  });

  it('requires the confirmation to match', async () => {
    const { fields, submitWith } = renderForm();
    await submitWith('Old-Password-1', 'New-Password-2', 'New-Password-3');
    expect(fields.confirmation).toHaveFocus();
    expect(fields.confirmation).toHaveAccessibleDescription('The passwords do not match.');
  });

  it('clears a message as soon as the field is corrected', async () => {
    const { user, fields, submitWith } = renderForm();
    await submitWith('Old-Password-1', 'New-Password-2', 'New-Password-3');
    await user.clear(fields.confirmation);
    await fill(user, fields.confirmation, 'New-Password-2');
    expect(fields.confirmation).not.toHaveAttribute('aria-invalid');
  });

  it('changes the password, says so and empties the form', async () => {
    answerOperations({ changePassword: { id: 'u-1' } });
    const { fields, submitWith } = renderForm();
    await submitWith('Old-Password-1', 'New-Password-2');
    expect(await screen.findByText('Your password has been changed.')).toBeVisible();
    expect(callsOf('changePassword')).toEqual([{ input: { currentPassword: 'Old-Password-1', newPassword: 'New-Password-2' } }]);
    for (const field of Object.values(fields)) expect(field).toHaveValue('');
  });

  it('puts a wrong current password on its field', async () => {
    answerOperations({ changePassword: new ApiError('INCORRECT_PASSWORD', 'Incorrect password') });
    const { fields, submitWith } = renderForm();
    await submitWith('Wrong-Password-1', 'New-Password-2');
    expect(await screen.findByText('The current password is incorrect.')).toBeVisible();
    expect(fields.current).toHaveFocus();
    expect(fields.current).toHaveAccessibleDescription('The current password is incorrect.');
  });

  it('puts the server’s field errors on the matching fields', async () => {
    answerOperations({ changePassword: new ApiError('VALIDATION_FAILED', 'Invalid', [{ path: 'input.newPassword', rule: 'password' }]) });
    const { fields, submitWith } = renderForm();
    await submitWith('Old-Password-1', 'New-Password-2');
    await screen.findByText(/The password must contain/);
    expect(fields.next).toHaveFocus();
  });

  it('shows other failures as an error notification', async () => {
    answerOperations({ changePassword: new ApiError('UNAUTHORIZED_ACCESS', 'no') });
    const { submitWith } = renderForm();
    await submitWith('Old-Password-1', 'New-Password-2');
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not authorized to perform this operation.');
  });
});
