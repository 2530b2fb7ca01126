import { describe, expect, it } from 'vitest';
import { contractInputChecks, contractPriceCents } from './contract-validation';

describe('the contract price', () => {
  it('bounds the total in integer cents', () => {
    expect(contractPriceCents(50)).toBeNull();
    expect(contractPriceCents(49)).toBe('priceCents');
    expect(contractPriceCents(10_000_001)).toBe('priceCents');
    expect(contractPriceCents(100.5)).toBe('priceCents');
    expect(contractPriceCents(null)).toBe('required');
  });
});

describe('contract form rules', () => {
  const now = new Date('2026-06-01T14:30:00.000Z');
  const valid = {
    period: { precision: 'DAY' as const, start: '2026-06-02', end: '2026-06-04' },
    totalPriceCents: 25_000,
    terms: '<p>Clés à 8 h.</p>',
    files: [{ fileId: 'f-1', name: 'inventaire.pdf' }],
    disclaimerAccepted: true,
  };
  const failures = (input: typeof valid) => contractInputChecks(input, now).filter(([, rule]) => rule !== null);

  it('accepts a complete proposal', () => expect(failures(valid)).toEqual([]));

  it('names every broken rule by its path', () => {
    expect(
      failures({
        ...valid,
        period: { precision: 'DAY', start: '2026-05-01', end: '2026-05-01' },
        totalPriceCents: 0,
        terms: '<p>&nbsp;</p>',
        files: [{ fileId: 'f-1', name: ' ' }],
        disclaimerAccepted: false,
      }),
    ).toEqual([
      ['period.start', 'minDate'],
      ['period.end', 'endAfterStart'],
      ['totalPriceCents', 'priceCents'],
      ['terms', 'richTextEmpty'],
      ['files.0.name', 'required'],
      ['disclaimerAccepted', 'required'],
    ]);
  });

  it('refuses more than the files a contract may hold', () => {
    const files = Array.from({ length: 11 }, (_, i) => ({ fileId: `f-${i}`, name: `f${i}.pdf` }));
    expect(failures({ ...valid, files })).toEqual([['files', 'tooMany']]);
  });
});
