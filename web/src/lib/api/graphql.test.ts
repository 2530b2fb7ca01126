import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_TOKEN, STORAGE_KEYS } from '@partage/graphql';
import { accessToken, callsTo, json, mockFetch, signIn, text } from '../../test/helpers';
import { getSession, sessionEnd, setBeforeLogout } from '../auth/session';
import { graphql } from './documents';
import { ApiError } from './errors';
import { graphqlRequest, subscribe } from './graphql';

const ME = graphql(`
  query TestMe {
    me {
      id
    }
  }
`);
const CHANGE_PASSWORD = graphql(`
  mutation TestChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      id
    }
  }
`);
const ON_CLOSED = graphql(`
  subscription TestOnClosed($id: ID!) {
    onFirstLoginModalClosed(id: $id) {
      id
    }
  }
`);
const PASSWORDS = { input: { currentPassword: 'a', newPassword: 'b' } };

const query = vi.fn();
const listen = vi.fn();
let connectionRestored = () => {};
// Both clients resolve to the fake API (vitest.config.ts), so this one mock stands in for both.
vi.mock('./amplify-client', () => ({
  query: (call: unknown, signal?: AbortSignal) => query(call, signal),
  listen: (call: unknown) => listen(call),
  onConnectionRestored: (listener: () => void) => ((connectionRestored = listener), () => (connectionRestored = () => {})),
}));

// What the HTTP client throws when AppSync (or the local host) answers HTTP 401.
const unauthorized = { data: null, errors: [{ message: 'Unauthorized', errorType: 'UnauthorizedException' }] };
const renewed = { token: accessToken('USER', 'user-1', 'renewed'), refreshToken: 'refresh-2' };

describe('graphqlRequest', () => {
  const leftTo = vi.fn();
  beforeEach(() => {
    query.mockReset();
    leftTo.mockReset();
    setBeforeLogout(leftTo);
  });

  it('sends the bearer token when signed in, the anonymous token otherwise', async () => {
    query.mockResolvedValue({ data: { me: null } });
    await graphqlRequest(ME);
    signIn('USER');
    await graphqlRequest(CHANGE_PASSWORD, PASSWORDS);
    expect(query.mock.calls.map(([call]) => call.authToken)).toEqual([ANONYMOUS_TOKEN, `Bearer ${accessToken('USER')}`]);
    expect(query.mock.calls[1]![0].variables).toEqual(PASSWORDS);
  });

  it('renews the token and retries once after a 401', async () => {
    signIn('USER');
    mockFetch({ 'POST /token/refresh': json(renewed) });
    query.mockRejectedValueOnce(unauthorized).mockResolvedValueOnce({ data: { me: { id: 'user-1' } } });

    expect(await graphqlRequest(ME)).toEqual({ me: { id: 'user-1' } });
    expect(query.mock.calls[1]![0].authToken).toBe(`Bearer ${renewed.token}`);
    expect(getSession()?.token).toBe(renewed.token);
  });

  it('logs out and fails with UNAUTHENTICATED when the retry is refused too', async () => {
    signIn('USER');
    localStorage.setItem(STORAGE_KEYS.mapZoom, '9');
    const fetchMock = mockFetch({ 'POST /token/refresh': json(renewed) });
    query.mockRejectedValue(unauthorized);

    await expect(graphqlRequest(ME)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(query).toHaveBeenCalledTimes(2);
    expect(callsTo(fetchMock, 'POST', '/token/refresh')).toHaveLength(1);
    expect(getSession()).toBeNull();
    expect([STORAGE_KEYS.token, STORAGE_KEYS.refreshToken, STORAGE_KEYS.mapZoom].map((k) => localStorage.getItem(k))).toEqual([
      null,
      null,
      null,
    ]);
    // Expired, not left: the page's guard sends the reader to sign in again, back to it (app/guards.tsx).
    expect(leftTo).not.toHaveBeenCalled();
    expect(sessionEnd()).toBe('expired');
  });

  it('logs out without retrying when the renewal is refused', async () => {
    signIn('USER');
    mockFetch({ 'POST /token/refresh': text('Invalid refresh token', 401) });
    query.mockRejectedValue(unauthorized);

    await expect(graphqlRequest(ME)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(query).toHaveBeenCalledOnce();
    expect(getSession()).toBeNull();
  });

  it('hands the AbortSignal to the client, which cancels the request with it', async () => {
    query.mockResolvedValue({ data: { me: null } });
    const controller = new AbortController();
    await graphqlRequest(ME, {}, controller.signal);
    expect(query.mock.calls[0]![1]).toBe(controller.signal);
  });

  it('passes other errors through untouched, without renewing', async () => {
    signIn('USER');
    const fetchMock = mockFetch({});
    query.mockRejectedValue({ data: null, errors: [{ message: 'Wrong password', errorType: 'INCORRECT_PASSWORD' }] });

    const failure = await graphqlRequest(CHANGE_PASSWORD, PASSWORDS).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'INCORRECT_PASSWORD' });
    expect(callsTo(fetchMock, 'POST', '/token/refresh')).toHaveLength(0);
    expect(getSession()).not.toBeNull();
  });
});

describe('subscribe', () => {
  it('delivers each event with the bearer token, until stopped', async () => {
    signIn('USER');
    const unsubscribe = vi.fn();
    let next: (event: { data: unknown }) => void = () => {};
    listen.mockReturnValue({ subscribe: (observer: { next: typeof next }) => ((next = observer.next), { unsubscribe }) });
    const received: unknown[] = [];

    const stop = subscribe(ON_CLOSED, { id: 'user-1' }, (data) => received.push(data));
    await vi.waitFor(() => expect(listen).toHaveBeenCalledOnce());
    expect(listen.mock.calls[0]![0]).toMatchObject({ variables: { id: 'user-1' }, authToken: `Bearer ${accessToken('USER')}` });
    next({ data: { s: 1 } });
    stop();
    expect(received).toEqual([{ s: 1 }]);
    expect(unsubscribe).toHaveBeenCalledOnce();
  });

  it('tells the caller to fetch again when the connection comes back, and starts again with the current token after a failure', async () => {
    signIn('USER');
    let fail: (error: unknown) => void = () => {};
    listen.mockReset();
    listen.mockReturnValue({ subscribe: (observer: { error: typeof fail }) => ((fail = observer.error), { unsubscribe: vi.fn() }) });
    const resumed = vi.fn();
    const stop = subscribe(ON_CLOSED, { id: 'user-1' }, () => {}, resumed);
    await vi.waitFor(() => expect(listen).toHaveBeenCalledOnce());
    connectionRestored();
    expect(resumed).toHaveBeenCalledOnce();

    vi.useFakeTimers();
    signIn('USER', 'user-1');
    fail(new Error('socket closed'));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(listen).toHaveBeenCalledTimes(2);
    expect(resumed).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(listen).toHaveBeenCalledTimes(2);
  });

  it('never starts when stopped before the client has loaded', async () => {
    listen.mockReset();
    subscribe(ON_CLOSED, { id: 'user-1' }, () => {})();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(listen).not.toHaveBeenCalled();
  });
});
