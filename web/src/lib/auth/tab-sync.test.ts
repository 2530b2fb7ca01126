import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, TOKEN_STORAGE_CHECK_MS } from '@partage/graphql';
import { accessToken, signIn } from '../../test/helpers';
import { getSession } from './session';
import { watchStoredToken } from './tab-sync';

function watch() {
  vi.useFakeTimers();
  const reload = vi.fn();
  const stop = watchStoredToken(reload);
  return { reload, stop };
}

describe('watchStoredToken', () => {
  it('does nothing while the stored token is the one in use', () => {
    signIn('USER');
    const { reload, stop } = watch();
    vi.advanceTimersByTime(TOKEN_STORAGE_CHECK_MS * 3);
    expect(reload).not.toHaveBeenCalled();
    stop();
  });

  it('reloads within 30 s when another tab logged out', () => {
    signIn('USER');
    const { reload, stop } = watch();
    localStorage.removeItem(STORAGE_KEYS.token);
    vi.advanceTimersByTime(TOKEN_STORAGE_CHECK_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledOnce();
    stop();
  });

  it('reloads when another tab logged in, or as someone else', () => {
    const { reload, stop } = watch();
    localStorage.setItem(STORAGE_KEYS.token, accessToken('USER', 'user-2'));
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r');
    vi.advanceTimersByTime(TOKEN_STORAGE_CHECK_MS);
    expect(reload).toHaveBeenCalledOnce();
    stop();
  });

  it('adopts a token another tab renewed for the same user, without reloading', () => {
    signIn('USER');
    const { reload, stop } = watch();
    const renewed = accessToken('USER', 'user-1', 'renewed');
    localStorage.setItem(STORAGE_KEYS.token, renewed);
    vi.advanceTimersByTime(TOKEN_STORAGE_CHECK_MS);
    expect(reload).not.toHaveBeenCalled();
    expect(getSession()?.token).toBe(renewed);
    stop();
  });
});
