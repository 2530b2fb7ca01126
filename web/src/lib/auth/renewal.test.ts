import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@partage/graphql';
import { accessToken, callsTo, json, mockFetch, signIn, text } from '../../test/helpers';
import { ApiError } from '../api/errors';
import { renewTokens, withRenewal } from './renewal';
import { getSession } from './session';
import { readStoredTokens } from './tokens';

const renewed = { token: accessToken('USER', 'user-1', 'renewed'), refreshToken: 'refresh-2' };

describe('renewTokens', () => {
  it('renews once for two concurrent callers, and both get the new token', async () => {
    signIn('USER');
    let answer: (response: Response) => void = () => {};
    const fetchMock = mockFetch({ 'POST /token/refresh': () => new Promise<Response>((resolve) => (answer = resolve)) });

    const first = renewTokens();
    const second = renewTokens();
    await vi.waitFor(() => expect(callsTo(fetchMock, 'POST', '/token/refresh')).toHaveLength(1));
    answer(json(renewed));

    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(callsTo(fetchMock, 'POST', '/token/refresh')).toEqual([
      { token: accessToken('USER'), refreshToken: 'refresh-user-1', deviceId: expect.stringMatching(/^partage-web-\d+$/) },
    ]);
    expect(getSession()?.token).toBe(renewed.token);
    expect(readStoredTokens()).toEqual(renewed);
    expect(localStorage.getItem(STORAGE_KEYS.refreshTokenStatus)).toBeNull();
  });

  it('waits for a renewal another tab has under way instead of renewing again', async () => {
    signIn('USER');
    const fetchMock = mockFetch({});
    localStorage.setItem(STORAGE_KEYS.refreshTokenStatus, String(Date.now()));
    setTimeout(() => {
      localStorage.setItem(STORAGE_KEYS.token, renewed.token);
      localStorage.setItem(STORAGE_KEYS.refreshToken, renewed.refreshToken);
      localStorage.removeItem(STORAGE_KEYS.refreshTokenStatus);
    }, 120);

    expect(await renewTokens()).toBe(true);
    expect(callsTo(fetchMock, 'POST', '/token/refresh')).toHaveLength(0);
    expect(getSession()?.token).toBe(renewed.token);
  });

  it('ignores the flag of a tab that died mid-renewal long ago', async () => {
    signIn('USER');
    const fetchMock = mockFetch({ 'POST /token/refresh': json(renewed) });
    localStorage.setItem(STORAGE_KEYS.refreshTokenStatus, String(Date.now() - 60_000));
    expect(await renewTokens()).toBe(true);
    expect(callsTo(fetchMock, 'POST', '/token/refresh')).toHaveLength(1);
  });

  it('reports failure when the server refuses the refresh token', async () => {
    signIn('USER');
    mockFetch({ 'POST /token/refresh': text('Invalid refresh token', 401) });
    expect(await renewTokens()).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.refreshTokenStatus)).toBeNull();
  });

  it('keeps the session when the server is busy (503), failing the call with SERVICE_BUSY for its screen to say "try again"', async () => {
    signIn('USER');
    mockFetch({ 'POST /token/refresh': () => new Response('{"code":"SERVICE_BUSY"}', { status: 503, headers: { 'Retry-After': '5' } }) });
    const expiredToken = () => Promise.reject(new ApiError('UNAUTHORIZED', 'expired', [], true));
    await expect(withRenewal(expiredToken)).rejects.toMatchObject({ code: 'SERVICE_BUSY' });
    expect(getSession()?.role).toBe('USER');
    expect(readStoredTokens()?.refreshToken).toBe('refresh-user-1');
    expect(localStorage.getItem(STORAGE_KEYS.refreshTokenStatus)).toBeNull();
  });
});
