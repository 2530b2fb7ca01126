import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('formatMoney', () => {
  it('writes Canadian dollars with two decimals as each language does (Intl.NumberFormat, fr-CA and en-CA)', () => {
    expect(plain(formatMoney(123450, 'fr'))).toBe('1 234,50 $');
    expect(plain(formatMoney(123450, 'en'))).toBe('$1,234.50');
    expect(plain(formatMoney(9550, 'en'))).toBe('$95.50');
    expect(plain(formatMoney(0, 'fr'))).toBe('0,00 $');
    expect(plain(formatMoney(5, 'en'))).toBe('$0.05');
    expect(plain(formatMoney(100000000, 'fr'))).toBe('1 000 000,00 $');
  });

  it('never breaks the amount across lines', () => {
    expect(formatMoney(123450, 'fr')).not.toMatch(/ /);
  });
});
