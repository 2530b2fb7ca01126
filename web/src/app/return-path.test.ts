import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, safeReturnPath } from './return-path';

// safeReturnPath itself is the server's, tested in graphql/src/return-path.test.ts.
describe('returnPath of the login page', () => {
  it('follows the shared check: a same-site path, never another origin', () => {
    expect(safeReturnPath('/parametres?a=1')).toBe('/parametres?a=1');
    expect(safeReturnPath('/.//evil.example/x')).toBeNull();
  });

  it('builds the login path that returns to a page and its query', () => {
    expect(loginPathReturningTo('/parametres?a=1&b=2')).toBe('/connexion?returnPath=%2Fparametres%3Fa%3D1%26b%3D2');
  });
});
