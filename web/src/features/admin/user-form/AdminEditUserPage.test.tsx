import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import { i18n } from '../../../lib/i18n/i18n';
import { fill, renderAt, signIn } from '../../../test/helpers';
import { answerOperations } from '../../../test/fake-api';
import { storedMe, storedProfile } from '../../../lib/profile-form/test-profiles';
import type { UserDetailData } from './user-detail';

beforeAll(() => i18n.loadNamespaces(['profile']));

const detail = (overrides: Partial<UserDetailData> = {}): UserDetailData => ({
  id: 'u-7',
  email: 'luc@exemple.ca',
  type: 'USER',
  emailConfirmed: true,
  lockedOut: false,
  hasPassword: true,
  createdAt: '2026-01-15T12:00:00.000Z',
  profile: storedProfile({
    id: 'u-7',
    firstName: 'Luc',
    lastName: 'Gagnon',
    publicName: 'Épicerie du Coin',
    organizationName: 'Épicerie du Coin',
  }),
  ...overrides,
});

async function openEdit(answers: Record<string, unknown>) {
  signIn('ADMIN', 'admin-1');
  const api = answerOperations({ me: storedMe('admin-1', { type: 'ADMIN' }, { acceptedTos: null }), ...answers });
  const view = renderAt('/gestion-utilisateurs/modifier-utilisateur/u-7');
  await screen.findByRole('heading', { level: 1, name: 'Edit a user' });
  return { ...view, api };
}

const state = () => within(screen.getByRole('region', { name: 'Account status' }));
const row = (term: string) => state().getByText(term).nextElementSibling;

describe('admin: edit a user', () => {
  it('shows the account state and the profile', async () => {
    const { api } = await openEdit({ user: detail() });
    await screen.findByRole('region', { name: 'Account status' });
    expect(row('Displayed name')).toHaveTextContent('Épicerie du Coin');
    expect(row('Email')).toHaveTextContent('luc@exemple.ca');
    expect(row('Account type')).toHaveTextContent('User');
    expect(row('Email address')).toHaveTextContent('Confirmed');
    expect(row('Login')).toHaveTextContent('Allowed');
    expect(row('Account created on')).toHaveTextContent('January 15, 2026');
    expect(
      state()
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Lock the account']);
    expect(screen.getByLabelText('Email')).toHaveValue('luc@exemple.ca');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(/A new address must be confirmed/);
    expect(screen.getByLabelText('Organisation name')).toHaveValue('Épicerie du Coin');
    expect(screen.getByRole('group', { name: 'Communications (optional)' })).toBeVisible();
    expect(api.calls('user')).toEqual([{ id: 'u-7' }]);
  });

  it('saves only the changed fields, including a new address, and shows the new state', async () => {
    const { user, api } = await openEdit({
      user: [detail(), detail({ email: 'luc.gagnon@exemple.ca', emailConfirmed: false })],
      adminUpdateUser: { id: 'u-7' },
    });
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await fill(user, email, 'luc.gagnon@exemple.ca');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your changes have been saved.')).toBeVisible();
    expect(api.calls('adminUpdateUser')).toEqual([{ input: { userId: 'u-7', email: 'luc.gagnon@exemple.ca' } }]);
    await waitFor(() => expect(row('Email address')).toHaveTextContent('Not confirmed'));
    expect(state().getByRole('button', { name: 'Resend verification email' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('There are no changes to save.')).toBeVisible();
    expect(api.calls('adminUpdateUser')).toHaveLength(1);
  });

  it('resends the verification e-mail of an unconfirmed account', async () => {
    const { user, api } = await openEdit({ user: detail({ emailConfirmed: false, hasPassword: false }), verifyEmail: { id: 'u-7' } });
    await screen.findByRole('region', { name: 'Account status' });
    expect(row('Email address')).toHaveTextContent('Not confirmed');
    expect(row('Password')).toHaveTextContent('Not chosen yet');
    await user.click(state().getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('The verification email has been sent again.')).toBeVisible();
    expect(api.calls('verifyEmail')).toEqual([{ input: { email: 'luc@exemple.ca' } }]);
    expect(api.calls('user')).toHaveLength(2);
  });

  it('unlocks a locked-out account, then shows it allowed', async () => {
    const { user, api } = await openEdit({
      user: [detail({ lockedOut: true }), detail()],
      allowUser: { id: 'u-7' },
    });
    await screen.findByRole('region', { name: 'Account status' });
    expect(row('Login')).toHaveTextContent('Locked: signing in is refused until an administrator allows the account again');
    await user.click(state().getByRole('button', { name: 'Unlock the account' }));
    expect(await screen.findByText('The account has been unlocked: the person can log in again.')).toBeVisible();
    await waitFor(() => expect(row('Login')).toHaveTextContent('Allowed'));
    expect(state().queryByRole('button', { name: 'Unlock the account' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Account status' })).toHaveFocus();
    expect(api.calls('allowUser')).toEqual([{ input: { userId: 'u-7' } }]);
  });

  it('says when someone else already unlocked the account', async () => {
    const { user } = await openEdit({
      user: [detail({ lockedOut: true }), detail()],
      allowUser: new ApiError('NO_CHANGE', 'Not locked'),
    });
    await user.click(await screen.findByRole('button', { name: 'Unlock the account' }));
    expect(await screen.findByText('This account is not locked.')).toBeVisible();
    await waitFor(() => expect(row('Login')).toHaveTextContent('Allowed'));
  });

  it('locks a user out after asking why, then shows the account locked', async () => {
    const { user, api } = await openEdit({
      user: [detail(), detail({ lockedOut: true })],
      lockUser: { id: 'u-7' },
    });
    await screen.findByRole('region', { name: 'Account status' });
    expect(row('Login')).toHaveTextContent('Allowed');
    await user.click(state().getByRole('button', { name: 'Lock the account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Lock Épicerie du Coin’s account?' }));
    // No reason, no lock: the field says so and takes focus.
    await user.click(dialog.getByRole('button', { name: 'Lock' }));
    expect(dialog.getByText('This field is required.')).toBeVisible();
    expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveFocus();
    expect(api.calls('lockUser')).toEqual([]);

    await fill(user, dialog.getByRole('textbox', { name: 'Reason' }), 'Repeated misleading ads');
    await user.click(dialog.getByRole('button', { name: 'Lock' }));
    expect(await screen.findByText('The account was locked: logging in is refused.')).toBeVisible();
    await waitFor(() => expect(row('Login')).toHaveTextContent('Locked'));
    expect(state().queryByRole('button', { name: 'Lock the account' })).toBeNull();
    expect(state().getByRole('button', { name: 'Unlock the account' })).toBeVisible();
    expect(api.calls('lockUser')).toEqual([{ input: { userId: 'u-7', reason: 'Repeated misleading ads' } }]);
  });

  it('locks nothing when the question is cancelled', async () => {
    const { user, api } = await openEdit({ user: detail() });
    await user.click(await screen.findByRole('button', { name: 'Lock the account' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('lockUser')).toEqual([]);
    expect(row('Login')).toHaveTextContent('Allowed');
  });

  it('says when someone else already locked the account', async () => {
    const { user } = await openEdit({
      user: [detail(), detail({ lockedOut: true })],
      lockUser: new ApiError('NO_CHANGE', 'Locked already'),
    });
    await user.click(await screen.findByRole('button', { name: 'Lock the account' }));
    const dialog = within(await screen.findByRole('dialog'));
    await fill(user, dialog.getByRole('textbox', { name: 'Reason' }), 'Fraud');
    await user.click(dialog.getByRole('button', { name: 'Lock' }));
    expect(await screen.findByText('This account is locked already.')).toBeVisible();
    await waitFor(() => expect(row('Login')).toHaveTextContent('Locked'));
  });

  it('corrects an organisation’s tax status and numbers, checked with the profile’s rules', async () => {
    const { user, api } = await openEdit({ user: detail(), adminUpdateUser: { id: 'u-7' } });
    const status = await screen.findByRole('group', { name: 'Does the organisation collect the GST and QST?' });
    expect(status).toHaveAccessibleDescription('Not stated yet: until it is, its rental contracts carry no GST or QST.');
    await user.click(within(status).getByLabelText('Yes, it is registered for the GST and the QST'));
    await fill(user, screen.getByLabelText('GST/HST number'), '12345 RT 0001');
    await fill(user, screen.getByLabelText('QST number'), '1234567890 TQ 0001');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const gst = screen.getByLabelText('GST/HST number');
    await waitFor(() => expect(gst).toHaveFocus());
    expect(gst).toHaveAccessibleDescription(expect.stringContaining('A GST number has 9 digits, RT and 4 digits'));
    expect(api.calls('adminUpdateUser')).toEqual([]);
    await user.clear(gst);
    await fill(user, gst, '123456789 RT 0001');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your changes have been saved.')).toBeVisible();
    expect(api.calls('adminUpdateUser')).toEqual([
      { input: { userId: 'u-7', taxStatus: 'REGISTERED', gstNumber: '123456789 RT 0001', qstNumber: '1234567890 TQ 0001' } },
    ]);
  });

  it('edits an administrator account by its name and address only', async () => {
    await openEdit({ user: detail({ type: 'ADMIN', profile: storedProfile({ organizationName: null, publicName: 'Luc G.' }) }) });
    await screen.findByLabelText('First name');
    expect(row('Account type')).toHaveTextContent('Administrator');
    expect(screen.getByLabelText('Email')).toBeVisible();
    expect(screen.queryByLabelText('Organisation name')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Does the organisation collect the GST and QST?' })).toBeNull();
    // Administrators are not locked out from here.
    expect(state().queryByRole('button', { name: 'Lock the account' })).toBeNull();
  });

  it('says when the user does not exist', async () => {
    await openEdit({ user: new ApiError('NOT_FOUND', 'No user') });
    expect(await screen.findByText('The requested item could not be found.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    signIn('ADMIN', 'admin-1');
    answerOperations({
      me: storedMe('admin-1', { type: 'ADMIN' }, { acceptedTos: null }),
      user: detail({ lockedOut: true }),
    });
    renderAt('/gestion-utilisateurs/modifier-utilisateur/u-7');
    const panel = await screen.findByRole('region', { name: 'État du compte' });
    expect(
      within(panel).getByText('Verrouillé : la connexion est refusée jusqu’à ce qu’un administrateur autorise de nouveau le compte'),
    ).toBeVisible();
    expect(within(panel).getByText('15 janvier 2026')).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Débloquer le compte' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe("Modifier un utilisateur | Partage d'équipement alimentaire"));
  });
});
