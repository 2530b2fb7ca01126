import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@partage/graphql';
import { accessToken } from '../../test/helpers';
import { deviceId, readAccessToken } from './tokens';

describe('readAccessToken', () => {
  it('maps the userType claim to the role', () => {
    expect(readAccessToken(accessToken('USER', 'u-1'))).toEqual({ userId: 'u-1', role: 'USER' });
    expect(readAccessToken(accessToken('ADMIN', 'a-1'))).toEqual({ userId: 'a-1', role: 'ADMIN' });
  });

  it('refuses a token without a known claim, or no token at all', () => {
    const payload = btoa(JSON.stringify({ sub: 'x', userType: 'Root' }));
    expect(readAccessToken(`h.${payload}.s`)).toBeNull();
    expect(readAccessToken('not-a-jwt')).toBeNull();
  });
});

describe('deviceId', () => {
  it('is the fixed prefix and a timestamp, made once and kept', () => {
    const id = deviceId();
    expect(id).toMatch(/^partage-web-\d{13}$/);
    expect(deviceId()).toBe(id);
    expect(localStorage.getItem(STORAGE_KEYS.deviceId)).toBe(id);
  });
});
