import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import { getSession } from '../../../lib/auth/session';
import { startDownload } from '../../../lib/files/start-download';
import { answerOperations, callsOf } from '../../../test/fake-api';
import { fill, renderAt, signIn } from '../../../test/helpers';
import { aMe } from '../session-user/test-fixtures';

vi.mock('../../../lib/files/start-download', () => ({ startDownload: vi.fn() }));

const made = {
  id: 'e-1',
  createdAt: '2026-07-02T14:30:00.000Z',
  expiresAt: '2026-07-03T14:30:00.000Z',
  url: 'https://files.partage.test/files/private/e-1?signature=a',
};

function openSettings(answers: Record<string, unknown>) {
  answerOperations({ me: aMe({ id: 'u-1', type: 'USER' }), myChatPreferences: { emailReminders: true }, myBlockedUsers: [], ...answers });
  signIn('USER', 'u-1');
  return renderAt('/parametres');
}

const section = async () => within(await screen.findByRole('region', { name: 'Your personal information' }));

beforeEach(() => vi.mocked(startDownload).mockClear());

describe('personal data, in the account settings', () => {
  it('downloads a file of everything, then offers it again with a new link', async () => {
    const { user } = openSettings({
      myDataExports: [[], [made], [{ ...made, url: `${made.url}-renewed` }]],
      requestMyDataExport: { id: made.id, url: made.url },
    });
    const privacy = await section();
    expect(privacy.getByText(/stays available for 24 hours/)).toBeVisible();
    await user.click(privacy.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(startDownload).toHaveBeenCalledWith(made.url));
    expect(await screen.findByText('Your file is ready: the download is starting.')).toBeVisible();
    expect(await privacy.findByText(/File of July 2, 2026.*available until July 3, 2026/)).toBeVisible();

    await user.click(privacy.getByRole('button', { name: /Download the file of July 2, 2026/ }));
    await waitFor(() => expect(startDownload).toHaveBeenLastCalledWith(`${made.url}-renewed`));
    expect(callsOf('requestMyDataExport')).toHaveLength(1);
  });

  it('deletes the account after saying what is kept and asking the password again', async () => {
    const { user, location } = openSettings({
      myDataExports: [],
      deleteMyAccount: [new ApiError('INCORRECT_PASSWORD', 'The password is incorrect'), true],
    });
    await user.click((await section()).getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account for good?' }));
    expect(dialog.getByText(/your contracts, receipts and tax documents, 6 years after the end of the tax year/)).toBeVisible();
    expect(dialog.getByText(/where you will show as “Deleted account”/)).toBeVisible();
    expect(dialog.getByRole('link', { name: 'What we keep, and why' })).toHaveAttribute('href', '/confidentialite');

    await fill(user, dialog.getByLabelText('Password'), 'Wrong-Password-1');
    await user.click(dialog.getByRole('button', { name: 'Delete for good' }));
    expect(await dialog.findByText('The current password is incorrect.')).toBeVisible();
    expect(getSession()).not.toBeNull();

    await user.clear(dialog.getByLabelText('Password'));
    await fill(user, dialog.getByLabelText('Password'), 'Correct-Horse-42');
    await user.click(dialog.getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(location()).toBe('/accueil'));
    expect(getSession()).toBeNull();
    expect(await screen.findByText('Your account has been deleted.')).toBeVisible();
    expect(callsOf('deleteMyAccount').at(-1)).toEqual({ input: { password: 'Correct-Horse-42' } });
  });

  it('says why the account cannot be deleted yet while a contract moves money, and where to see it', async () => {
    const { user } = openSettings({
      myDataExports: [],
      deleteMyAccount: new ApiError('ACCOUNT_HAS_ACTIVE_CONTRACTS', 'A contract moves money'),
    });
    await user.click((await section()).getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account for good?' }));
    await fill(user, dialog.getByLabelText('Password'), 'Correct-Horse-42');
    await user.click(dialog.getByRole('button', { name: 'Delete for good' }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('One of your contracts still moves money');
    expect(within(alert).getByRole('link', { name: 'See my contracts' })).toHaveAttribute('href', '/tableau-de-bord');
    expect(getSession()).not.toBeNull();
  });
});
