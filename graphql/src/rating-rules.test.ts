import { describe, expect, it } from 'vitest';
import { averagesOf, EQUIPMENT_CRITERIA, isPublishable, PARTY_CRITERIA, ratingChecks, ratingDeadline } from './rating-rules';

const END = '2026-03-02T05:00:00.000Z';
const DAY = 86_400_000;
const at = (days: number) => new Date(Date.parse(END) + days * DAY);
const sent = { submittedAt: '2026-03-03T12:00:00.000Z' };

describe('the publication rule', () => {
  it('publishes a sent rating at once when the other side has sent theirs', () => {
    expect(isPublishable(sent, sent, END, at(1))).toBe(true);
  });

  it('publishes a lone rating 14 days after the end, not a moment before', () => {
    expect(isPublishable(sent, undefined, END, new Date(at(14).getTime() - 1))).toBe(false);
    expect(isPublishable(sent, { submittedAt: null }, END, at(14))).toBe(true);
    expect(ratingDeadline(END)).toEqual(at(14));
  });

  it('publishes nothing while neither side has sent a rating, nor a draft ever', () => {
    expect(isPublishable({ submittedAt: null }, { submittedAt: null }, END, at(30))).toBe(false);
    expect(isPublishable({}, sent, END, at(1))).toBe(false);
  });
});

describe('averages', () => {
  it('are null with a count of 0 when nobody has rated', () => {
    expect(averagesOf(PARTY_CRITERIA, { count: 0, sums: {} })).toEqual({
      count: 0,
      respectOfContract: null,
      communication: null,
      reliability: null,
      overall: null,
    });
  });

  it('are rounded half up to one decimal, the overall over every star', () => {
    // Two ratings: compliance 5 and 4 (4.5), cleanliness 4 and 4 (4), security 5 and 3 (4); overall 25 / 6 = 4.1666…
    expect(averagesOf(EQUIPMENT_CRITERIA, { count: 2, sums: { compliance: 9, cleanliness: 8, security: 8 } })).toEqual({
      count: 2,
      compliance: 4.5,
      cleanliness: 4,
      security: 4,
      overall: 4.2,
    });
    // 4.25 rounds up, 13 / 3 = 4.333… down.
    expect(averagesOf(['a'] as const, { count: 4, sums: { a: 17 } }).a).toBe(4.3);
    expect(averagesOf(['a'] as const, { count: 3, sums: { a: 13 } }).a).toBe(4.3);
  });
});

describe('what each side sends', () => {
  const party = { respectOfContract: 5, communication: 4, reliability: 3 };
  const equipment = { compliance: 5, cleanliness: 5, security: 4 };
  const failed = (checks: ReturnType<typeof ratingChecks>) => checks.filter(([, rule]) => rule);

  it('the tenant: the equipment and the owner, every criterion from 1 to 5 whole stars', () => {
    expect(failed(ratingChecks('TENANT', { equipment, party }, true))).toEqual([]);
    expect(failed(ratingChecks('TENANT', { equipment: { ...equipment, security: 6 }, party: { ...party, reliability: 0 } }, true))).toEqual(
      [
        ['input.equipment.security', 'stars'],
        ['input.party.reliability', 'stars'],
      ],
    );
    expect(failed(ratingChecks('TENANT', { equipment: { ...equipment, compliance: 2.5 }, party }, true))).toEqual([
      ['input.equipment.compliance', 'stars'],
    ]);
    expect(failed(ratingChecks('TENANT', { party }, true))).toEqual([['input.equipment', 'required']]);
  });

  it('the owner: the tenant only', () => {
    expect(failed(ratingChecks('OWNER', { party }, true))).toEqual([]);
    expect(failed(ratingChecks('OWNER', { equipment, party }, true))).toEqual([['input.equipment', 'oneOf']]);
  });

  it('a draft may leave a step out, not stars out of the scale', () => {
    expect(failed(ratingChecks('TENANT', { equipment }, false))).toEqual([]);
    expect(failed(ratingChecks('TENANT', { equipment: { ...equipment, cleanliness: 9 } }, false))).toEqual([
      ['input.equipment.cleanliness', 'stars'],
    ]);
  });
});
