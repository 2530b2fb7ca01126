import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@partage/graphql';
import { NotificationRegion } from '../../../app/NotificationRegion';
import { signalApiError } from '../../../lib/api/error-signals';
import { ApiError } from '../../../lib/api/errors';
import { graphqlRequest } from '../../../lib/api/graphql';
import { syncSessionFromStorage } from '../../../lib/auth/session';
import { clearStoredSession } from '../../../lib/auth/tokens';
import { signIn } from '../../../test/helpers';
import { reloadSessionUser, updateSessionUser, useSessionUser } from './session-user';
import { aMe } from './test-fixtures';

vi.mock('../../../lib/api/graphql', () => ({ graphqlRequest: vi.fn(), subscribe: () => () => {} }));
const request = vi.mocked(graphqlRequest);

const answerMe = (me: Me | null) => request.mockResolvedValue({ me });

function signOut() {
  clearStoredSession();
  act(() => syncSessionFromStorage());
}

/** Shows what a screen reading `me` would show. */
function PublicName() {
  const user = useSessionUser();
  return <p>{user.status === 'ready' ? user.me.profile.publicName : user.status}</p>;
}

describe('the signed-in user (me)', () => {
  beforeEach(() => {
    request.mockReset();
    // A signed-out render forgets whoever the previous test signed in.
    renderHook(() => useSessionUser()).unmount();
  });

  it('is not asked for when nobody is signed in', () => {
    const { result } = renderHook(() => useSessionUser());
    expect(result.current).toEqual({ status: 'signedOut' });
    expect(request).not.toHaveBeenCalled();
  });

  it('is loaded once and shared by every screen that reads it', async () => {
    answerMe(aMe());
    signIn('USER');
    render(
      <>
        <PublicName />
        <PublicName />
      </>,
    );
    expect(screen.getAllByText('loading')).toHaveLength(2);
    expect(await screen.findAllByText('Marie T.')).toHaveLength(2);
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith(expect.stringContaining('query Me'));
  });

  it('is loaded again after a logout and a new login, even as the same user', async () => {
    answerMe(aMe());
    signIn('USER');
    render(<PublicName />);
    await screen.findByText('Marie T.');

    signOut();
    expect(screen.getByText('signedOut')).toBeVisible();
    answerMe(aMe({ profile: { publicName: 'Marie Tremblay' } }));
    act(() => signIn('USER'));
    expect(await screen.findByText('Marie Tremblay')).toBeVisible();
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('keeps what it shows while reloading, then shows the new answer', async () => {
    answerMe(aMe());
    signIn('USER');
    render(<PublicName />);
    await screen.findByText('Marie T.');

    let answer: (value: { me: Me }) => void = () => {};
    request.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    let reloaded: Promise<void> = Promise.resolve();
    act(() => {
      reloaded = reloadSessionUser();
    });
    expect(screen.getByText('Marie T.')).toBeVisible();
    await act(async () => {
      answer({ me: aMe({ profile: { publicName: 'Marie Tremblay' } }) });
      await reloaded;
    });
    expect(screen.getByText('Marie Tremblay')).toBeVisible();
  });

  it('marks the terms pending and reloads when the server answers TERMS_NOT_ACCEPTED to any call', async () => {
    answerMe(aMe());
    signIn('USER');
    const { result } = renderHook(() => useSessionUser());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    let answer: (value: { me: Me }) => void = () => {};
    request.mockReturnValue(new Promise((resolve) => (answer = resolve)));

    act(() => void signalApiError(new ApiError('TERMS_NOT_ACCEPTED', 'Accept the latest terms of service first.')));
    expect(result.current).toMatchObject({ me: { profile: { acceptedTos: { hasAcceptedLatest: false } } } });
    expect(request).toHaveBeenCalledTimes(2);
    const newer = aMe({ profile: { acceptedTos: { id: 'user-1', hasAcceptedLatest: false, latestVersionAvailable: '2026-06' } } });
    await act(async () => answer({ me: newer }));
    expect(result.current).toMatchObject({ me: { profile: { acceptedTos: { latestVersionAvailable: '2026-06' } } } });
  });

  it('applies a confirmed change without asking again', async () => {
    answerMe(aMe({ firstLoginModalClosed: false }));
    signIn('USER');
    const { result } = renderHook(() => useSessionUser());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => updateSessionUser((me) => ({ ...me, firstLoginModalClosed: true })));
    expect(result.current).toMatchObject({ status: 'ready', me: { firstLoginModalClosed: true } });
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('says when it cannot be loaded, and tries again on the next screen that reads it', async () => {
    request.mockRejectedValueOnce(new ApiError('INTERNAL', 'boom'));
    signIn('USER');
    const { unmount } = render(
      <>
        <NotificationRegion />
        <PublicName />
      </>,
    );
    expect(await screen.findByText('failed')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('An unexpected error has occurred.');
    unmount();

    answerMe(aMe());
    render(<PublicName />);
    expect(await screen.findByText('Marie T.')).toBeVisible();
  });

  it('drops an answer that arrives after the user logged out', async () => {
    let answer: (value: { me: Me }) => void = () => {};
    request.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    signIn('USER');
    render(<PublicName />);
    signOut();
    await act(async () => answer({ me: aMe() }));
    expect(screen.getByText('signedOut')).toBeVisible();
    expect(screen.queryByText('Marie T.')).not.toBeInTheDocument();
  });
});
