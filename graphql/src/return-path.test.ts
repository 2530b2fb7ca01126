import { describe, expect, it } from 'vitest';
import { RETURN_PATH_MAX_LENGTH, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it.each([
    ['/parametres', '/parametres'],
    ['/annonces/cuisine-42?vue=carte#photos', '/annonces/cuisine-42?vue=carte#photos'],
    ['/a/b/../c', '/a/c'],
    ['/a/./b', '/a/b'],
  ])('keeps the same-site path %s, normalised', (raw, kept) => {
    expect(safeReturnPath(raw)).toBe(kept);
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
    // Dot segments that become a protocol-relative URL once resolved.
    '/.//evil.example/x',
    '/..//evil.example/x',
    '/a/..//evil.example/x',
    '/./\\evil.example',
    '/%2e//evil.example',
    // Bidirectional overrides and zero-width characters hide what the link says.
    '/\u202eelpmaxe.live',
    '/a\u200bb',
    `/${'a'.repeat(RETURN_PATH_MAX_LENGTH)}`,
  ])('refuses %j', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });
});
