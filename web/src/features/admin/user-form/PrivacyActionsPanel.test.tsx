import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import { startDownload } from '../../../lib/files/start-download';
import { i18n } from '../../../lib/i18n/i18n';
import { storedMe, storedProfile } from '../../../lib/profile-form/test-profiles';
import { answerOperations } from '../../../test/fake-api';
import { fill, renderAt, signIn } from '../../../test/helpers';
import type { UserDetailData } from './user-detail';

vi.mock('../../../lib/files/start-download', () => ({ startDownload: vi.fn() }));

beforeAll(() => i18n.loadNamespaces(['profile']));
beforeEach(() => vi.mocked(startDownload).mockClear());

const detail = (overrides: Partial<UserDetailData> = {}): UserDetailData => ({
  id: 'u-7',
  email: 'luc@exemple.ca',
  type: 'USER',
  emailConfirmed: true,
  lockedOut: false,
  hasPassword: true,
  createdAt: '2026-01-15T12:00:00.000Z',
  profile: storedProfile({ id: 'u-7', firstName: 'Luc', lastName: 'Gagnon', publicName: 'Épicerie du Coin' }),
  ...overrides,
});

async function openEdit(answers: Record<string, unknown>) {
  signIn('ADMIN', 'admin-1');
  const api = answerOperations({ me: storedMe('admin-1', { type: 'ADMIN' }, { acceptedTos: null }), ...answers });
  const view = renderAt('/gestion-utilisateurs/modifier-utilisateur/u-7');
  const panel = within(await screen.findByRole('region', { name: 'Privacy requests' }));
  return { ...view, api, panel };
}

describe('admin: privacy requests of a user', () => {
  it('exports the user’s data on request, the reason kept', async () => {
    const { user, api, panel } = await openEdit({
      user: detail(),
      adminExportUserData: { id: 'e-9', url: 'https://files.partage.test/e-9?signature=b' },
    });
    await user.click(panel.getByRole('button', { name: 'Export their data' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Export the data of Épicerie du Coin' }));
    await user.click(dialog.getByRole('button', { name: 'Export and download' }));
    expect(await dialog.findByText('This field is required.')).toBeVisible();
    await fill(user, dialog.getByLabelText('How the person asked'), 'Courriel du 3 juin');
    await user.click(dialog.getByRole('button', { name: 'Export and download' }));
    await waitFor(() => expect(startDownload).toHaveBeenCalledWith('https://files.partage.test/e-9?signature=b'));
    expect(api.calls('adminExportUserData')).toEqual([{ input: { userId: 'u-7', reason: 'Courriel du 3 juin' } }]);
    expect(panel.getByRole('link', { name: 'Log of privacy requests' })).toHaveAttribute(
      'href',
      '/gestion-utilisateurs/demandes-confidentialite',
    );
  });

  it('deletes a user’s account on request, then goes back to the list', async () => {
    const { user, api, panel, location } = await openEdit({ user: detail(), adminDeleteUser: true, users: { items: [], nextToken: null } });
    await user.click(panel.getByRole('button', { name: 'Delete the account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete the account of Épicerie du Coin' }));
    expect(dialog.getByText(/contracts, receipts and tax documents 6 years after the end of the tax year/)).toBeVisible();
    await fill(user, dialog.getByLabelText('How the person asked'), 'Lettre du 2 juin');
    await user.click(dialog.getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(location()).toBe('/gestion-utilisateurs'));
    expect(await screen.findByText('The account has been deleted.')).toBeVisible();
    expect(api.calls('adminDeleteUser')).toEqual([{ input: { userId: 'u-7', reason: 'Lettre du 2 juin' } }]);
  });

  it('says when a contract of the user still moves money', async () => {
    const { user, panel } = await openEdit({
      user: detail(),
      adminDeleteUser: new ApiError('ACCOUNT_HAS_ACTIVE_CONTRACTS', 'Money moves'),
    });
    await user.click(panel.getByRole('button', { name: 'Delete the account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete the account of Épicerie du Coin' }));
    await fill(user, dialog.getByLabelText('How the person asked'), 'Lettre du 2 juin');
    await user.click(dialog.getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText(/A contract of this person still moves money/)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit a user' })).toBeVisible();
  });

  it('offers no deletion of an administrator’s account', async () => {
    const { panel } = await openEdit({ user: detail({ type: 'ADMIN' }) });
    expect(panel.getAllByRole('button').map((button) => button.textContent)).toEqual(['Export their data']);
  });
});
