import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it.each(['/parametres', '/annonces/cuisine-42?vue=carte#photos', '/a/b/../c'])('keeps the same-site path %s', (path) => {
    expect(safeReturnPath(path)).toBe(new URL(path, 'https://x.invalid').href.replace('https://x.invalid', ''));
  });

  it.each([
    null,
    '',
    'parametres',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '/\tevil',
    'javascript:alert(1)',
    '/.//evil.example/x',
  ])('refuses %j', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('builds the login path that returns to a page and its query', () => {
    expect(loginPathReturningTo('/parametres?a=1&b=2')).toBe('/connexion?returnPath=%2Fparametres%3Fa%3D1%26b%3D2');
  });
});
