import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@partage/graphql';
import { ApiError } from '../../../lib/api/errors';
import { graphqlRequest, subscribe } from '../../../lib/api/graphql';
import { renderAt, signIn } from '../../../test/helpers';
import { useSessionUser } from '../session-user/session-user';
import { aMe } from '../session-user/test-fixtures';

vi.mock('../../../lib/api/graphql', () => ({ graphqlRequest: vi.fn(), subscribe: vi.fn() }));
const request = vi.mocked(graphqlRequest);
const listen = vi.mocked(subscribe);
const stopListening = vi.fn();

const operation = (query: string) => /(?:query|mutation) (\w+)/.exec(query)?.[1];

function answer(me: Me, closeModal: () => unknown = () => ({ updateFirstLoginModalClosed: { id: me.id, firstLoginModalClosed: true } })) {
  request.mockImplementation(async (query) => {
    if (operation(query) === 'Me') return { me };
    if (operation(query) === 'UpdateFirstLoginModalClosed') return closeModal();
    throw new Error(`Unexpected operation ${operation(query)}`);
  });
}

const closeCalls = () => request.mock.calls.filter(([query]) => operation(query) === 'UpdateFirstLoginModalClosed');

async function openAs(role: 'USER' | 'ADMIN') {
  signIn(role);
  const view = renderAt('/parametres');
  const dialog = await screen.findByRole('dialog', { name: 'Welcome, Marie!' });
  return { ...view, dialog };
}

describe('first-login welcome dialog', () => {
  beforeEach(() => {
    request.mockReset();
    listen.mockReset();
    stopListening.mockReset();
    listen.mockReturnValue(stopListening);
    renderHook(() => useSessionUser()).unmount();
  });

  it('invites a new user to alerts until they choose later, which the server records', async () => {
    answer(aMe({ firstLoginModalClosed: false }));
    const { user, dialog } = await openAs('USER');
    expect(dialog).toHaveTextContent('create alerts');
    await user.click(within(dialog).getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(closeCalls()).toEqual([[expect.any(String), { input: { firstLoginModalClosed: true } }]]);
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
    expect(listen).toHaveBeenCalledWith(expect.stringContaining('onFirstLoginModalClosed'), { id: 'user-1' }, expect.any(Function));
    const onData = listen.mock.calls[0]![2];
    act(() => onData({ onFirstLoginModalClosed: { id: 'user-1', firstLoginModalClosed: true } }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(stopListening).toHaveBeenCalled();
    expect(closeCalls()).toHaveLength(0);
  });

  it('welcomes administrators without inviting them to alerts, which they do not have', async () => {
    answer(aMe({ type: 'ADMIN', firstLoginModalClosed: false, profile: { acceptedTos: null } }));
    const { dialog } = await openAs('ADMIN');
    expect(dialog).toHaveTextContent('Your administrator account is ready.');
    expect(dialog).not.toHaveTextContent('alerts');
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
    await waitFor(() => expect(request).toHaveBeenCalledWith(expect.stringContaining('query Me')));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(listen).not.toHaveBeenCalled();
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
