import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@partage/graphql';
import { accessToken, callsTo, mockFetch, signIn } from '../../test/helpers';
import { getSession, logout } from './session';

describe('logout', () => {
  it('asks the server to revoke the session, and forgets the tokens but not the device', async () => {
    signIn('USER');
    localStorage.setItem(STORAGE_KEYS.deviceToken, 'device-token-1');
    const fetchMock = mockFetch({ 'POST /token/logout': new Response(null, { status: 204 }) });
    await logout();
    await vi.waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/token/logout')).toEqual([{ token: accessToken('USER'), refreshToken: 'refresh-user-1' }]),
    );
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.deviceToken)).toBe('device-token-1');
  });

  it('signs out in the browser even when the server cannot be reached', async () => {
    signIn('USER');
    const fetchMock = mockFetch({ 'POST /token/logout': new TypeError('Failed to fetch') });
    await logout();
    await vi.waitFor(() => expect(callsTo(fetchMock, 'POST', '/token/logout')).toHaveLength(1));
    expect(getSession()).toBeNull();
  });
});
