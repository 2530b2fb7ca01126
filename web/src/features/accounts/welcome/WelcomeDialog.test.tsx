import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Me } from '@partage/graphql';
import { ApiError } from '../../../lib/api/errors';
import { answerOperations, callsOf, emit, subscriptionsTo } from '../../../test/fake-api';
import { renderAt, signIn } from '../../../test/helpers';
import { useSessionUser } from '../session-user/session-user';
import { aMe } from '../session-user/test-fixtures';

function answer(me: Me, closeModal: () => unknown = () => ({ updateFirstLoginModalClosed: { id: me.id, firstLoginModalClosed: true } })) {
  answerOperations({
    me,
    updateFirstLoginModalClosed: () => (closeModal() as { updateFirstLoginModalClosed: unknown }).updateFirstLoginModalClosed,
  });
}

const closeCalls = () => callsOf('updateFirstLoginModalClosed');

async function openAs(role: 'USER' | 'ADMIN') {
  signIn(role);
  const view = renderAt('/parametres');
  const dialog = await screen.findByRole('dialog', { name: 'Welcome, Marie!' });
  return { ...view, dialog };
}

describe('first-login welcome dialog', () => {
  beforeEach(() => {
    renderHook(() => useSessionUser()).unmount();
  });

  it('invites a new user to alerts until they choose later, which the server records', async () => {
    answer(aMe({ firstLoginModalClosed: false }));
    const { user, dialog } = await openAs('USER');
    expect(dialog).toHaveTextContent('Create alerts');
    expect(within(dialog).getByRole('link', { name: 'Subscribe to alerts' })).toHaveAttribute('href', '/alertes/creer');
    await user.click(within(dialog).getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(closeCalls()).toEqual([{ input: { firstLoginModalClosed: true } }]);
  });

  it('counts closing it with Escape as later', async () => {
    answer(aMe({ firstLoginModalClosed: false }));
    const { dialog } = await openAs('USER');
    act(() => (dialog as HTMLDialogElement).close());
    await waitFor(() => expect(closeCalls()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes when the user closed it in another tab', async () => {
    answer(aMe({ firstLoginModalClosed: false }));
    await openAs('USER');
    await waitFor(() => expect(subscriptionsTo('onFirstLoginModalClosed')).toEqual([{ id: 'user-1' }]));
    act(() => emit('onFirstLoginModalClosed', { id: 'user-1', firstLoginModalClosed: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(subscriptionsTo('onFirstLoginModalClosed')).toEqual([]);
    expect(closeCalls()).toHaveLength(0);
  });

  it('welcomes administrators without inviting them to alerts, which they do not have', async () => {
    answer(aMe({ type: 'ADMIN', firstLoginModalClosed: false, profile: { acceptedTos: null } }));
    const { dialog } = await openAs('ADMIN');
    expect(dialog).toHaveTextContent('Your administrator account is ready.');
    expect(dialog).not.toHaveTextContent('alerts');
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
  });

  it('closes anyway and says so when the server could not record it', async () => {
    answer(aMe({ firstLoginModalClosed: false }), () => {
      throw new ApiError('INTERNAL', 'boom');
    });
    const { user, dialog } = await openAs('USER');
    await user.click(within(dialog).getByRole('button', { name: 'Later' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error has occurred.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not shown once closed, and does not listen then', async () => {
    answer(aMe());
    signIn('USER');
    renderAt('/parametres');
    await screen.findByRole('heading', { level: 1, name: 'Account settings' });
    await waitFor(() => expect(callsOf('me')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(subscriptionsTo('onFirstLoginModalClosed')).toEqual([]);
  });

  it('speaks French', async () => {
    const { i18n } = await import('../../../lib/i18n/i18n');
    await i18n.changeLanguage('fr');
    answer(aMe({ firstLoginModalClosed: false }));
    signIn('USER');
    renderAt('/parametres');
    const dialog = await screen.findByRole('dialog', { name: 'Bienvenue, Marie!' });
    expect(within(dialog).getByRole('button', { name: 'Plus tard' })).toBeVisible();
  });
});
