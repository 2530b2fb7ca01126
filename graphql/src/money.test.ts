import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('formatMoney', () => {
  it('writes two decimals and $ CA with the grouping and decimal mark of each language', () => {
    expect(plain(formatMoney(123450, 'fr'))).toBe('1 234,50 $ CA');
    expect(plain(formatMoney(123450, 'en'))).toBe('1,234.50 $ CA');
    expect(plain(formatMoney(0, 'fr'))).toBe('0,00 $ CA');
    expect(plain(formatMoney(5, 'en'))).toBe('0.05 $ CA');
    expect(plain(formatMoney(100000000, 'fr'))).toBe('1 000 000,00 $ CA');
  });

  it('never breaks the amount across lines', () => {
    expect(formatMoney(123450, 'fr')).not.toMatch(/ /);
  });
});
