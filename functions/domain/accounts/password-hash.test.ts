import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash';

describe('password hashes', () => {
  it('verify the right password only', async () => {
    const hash = await hashPassword('Correct-Horse-42');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w+/=]+\$[\w+/=]+$/);
    expect(await verifyPassword('Correct-Horse-42', hash)).toBe(true);
    expect(await verifyPassword('correct-horse-42', hash)).toBe(false);
  });

  it('verify a hash of another cost with the cost written in it, and keep the production cost by default', async () => {
    const cheap = await hashPassword('Correct-Horse-42', { N: 2 ** 10, r: 8, p: 1 });
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('Correct-Horse-42', cheap)).toBe(true);
    expect(await verifyPassword('Correct-Horse-43', cheap)).toBe(false);
  });

  it('salt every hash, so equal passwords do not look equal', async () => {
    expect(await hashPassword('Correct-Horse-42')).not.toBe(await hashPassword('Correct-Horse-42'));
  });

  it('never match without a stored hash, or with one of another scheme', async () => {
    expect(await verifyPassword('dummy password for unknown accounts', undefined)).toBe(false);
    expect(await verifyPassword('Correct-Horse-42', 'md5$abc')).toBe(false);
  });

  it('treat the composed and decomposed forms of an accented password alike', async () => {
    const hash = await hashPassword('Crème-Brûlée-2026');
    expect(await verifyPassword('Cre\u0300me-Bru\u0302le\u0301e-2026', hash)).toBe(true);
  });
});
