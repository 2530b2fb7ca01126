import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Me } from '@partage/graphql';
import { NotificationRegion } from '../../../app/NotificationRegion';
import { signalApiError } from '../../../lib/api/error-signals';
import { ApiError } from '../../../lib/api/errors';
import { syncSessionFromStorage } from '../../../lib/auth/session';
import { clearStoredSession } from '../../../lib/auth/tokens';
import { abortedCallsOf, answerOperations, callsOf } from '../../../test/fake-api';
import { signIn } from '../../../test/helpers';
import { reloadSessionUser, updateSessionUser, useSessionUser } from './session-user';
import { aMe } from './test-fixtures';

const answerMe = (me: Me | null | Promise<Me> | Error) => answerOperations({ me: () => me });

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
    // A signed-out render forgets whoever the previous test signed in.
    renderHook(() => useSessionUser()).unmount();
  });

  it('is not asked for when nobody is signed in', () => {
    const { result } = renderHook(() => useSessionUser());
    expect(result.current).toEqual({ status: 'signedOut' });
    expect(callsOf('me')).toEqual([]);
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
    expect(callsOf('me')).toHaveLength(1);
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
    expect(callsOf('me')).toHaveLength(2);
  });

  it('keeps what it shows while reloading, then shows the new answer', async () => {
    answerMe(aMe());
    signIn('USER');
    render(<PublicName />);
    await screen.findByText('Marie T.');

    let answer: (value: Me) => void = () => {};
    answerMe(new Promise((resolve) => (answer = resolve)));
    let reloaded: Promise<void> = Promise.resolve();
    act(() => {
      reloaded = reloadSessionUser();
    });
    expect(screen.getByText('Marie T.')).toBeVisible();
    await act(async () => {
      answer(aMe({ profile: { publicName: 'Marie Tremblay' } }));
      await reloaded;
    });
    expect(await screen.findByText('Marie Tremblay')).toBeVisible();
  });

  it('marks the terms pending and reloads when the server answers TERMS_NOT_ACCEPTED to any call', async () => {
    answerMe(aMe());
    signIn('USER');
    const { result } = renderHook(() => useSessionUser());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    let answer: (value: Me) => void = () => {};
    answerMe(new Promise((resolve) => (answer = resolve)));

    act(() => void signalApiError(new ApiError('TERMS_NOT_ACCEPTED', 'Accept the latest terms of service first.')));
    await waitFor(() => expect(result.current).toMatchObject({ me: { profile: { acceptedTos: { hasAcceptedLatest: false } } } }));
    await waitFor(() => expect(callsOf('me')).toHaveLength(2));
    const newer = aMe({ profile: { acceptedTos: { id: 'user-1', hasAcceptedLatest: false, latestVersionAvailable: '2026-06' } } });
    await act(async () => answer(newer));
    await waitFor(() => expect(result.current).toMatchObject({ me: { profile: { acceptedTos: { latestVersionAvailable: '2026-06' } } } }));
  });

  it('applies a confirmed change without asking again', async () => {
    answerMe(aMe({ firstLoginModalClosed: false }));
    signIn('USER');
    const { result } = renderHook(() => useSessionUser());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => updateSessionUser((me) => ({ ...me, firstLoginModalClosed: true })));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', me: { firstLoginModalClosed: true } }));
    expect(callsOf('me')).toHaveLength(1);
  });

  it('says when it cannot be loaded, and tries again on the next screen that reads it', async () => {
    answerMe(new ApiError('INTERNAL', 'boom'));
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

  it('drops an answer that arrives after the user logged out, and cancels its request', async () => {
    let answer: (value: Me) => void = () => {};
    answerMe(new Promise((resolve) => (answer = resolve)));
    signIn('USER');
    render(<PublicName />);
    await waitFor(() => expect(callsOf('me')).toHaveLength(1));
    signOut();
    await act(async () => answer(aMe()));
    expect(screen.getByText('signedOut')).toBeVisible();
    expect(screen.queryByText('Marie T.')).not.toBeInTheDocument();
    expect(abortedCallsOf('me')).toBe(1);
  });

  it('never shows one user what was loaded for another', async () => {
    answerMe(aMe());
    signIn('USER', 'user-1');
    render(<PublicName />);
    await screen.findByText('Marie T.');
    answerMe(aMe({ id: 'user-2', profile: { publicName: 'Jean B.' } }));
    act(() => signIn('USER', 'user-2'));
    expect(screen.queryByText('Marie T.')).not.toBeInTheDocument();
    expect(await screen.findByText('Jean B.')).toBeVisible();
  });
});
