import { describe, expect, it } from 'vitest';
import { matchesSubscriptionFilter } from './subscription-filter';

describe('subscription filter semantics (the local real-time server applies them as AppSync does)', () => {
  const event = { id: 'user-1', count: 5, tags: ['a', 'b'], owner: { id: 'user-9' }, closed: true };

  it('passes an event only when every field condition holds', () => {
    expect(matchesSubscriptionFilter({ id: { eq: 'user-1' }, closed: { eq: true } }, event)).toBe(true);
    expect(matchesSubscriptionFilter({ id: { eq: 'user-1' }, closed: { eq: false } }, event)).toBe(false);
    expect(matchesSubscriptionFilter({ id: { eq: 'user-2' } }, event)).toBe(false);
    expect(matchesSubscriptionFilter({ id: { eq: 'user-1' } }, { ...event, id: undefined })).toBe(false);
  });

  it('knows the comparison, membership and text operators', () => {
    expect(matchesSubscriptionFilter({ count: { ge: 5, lt: 6 } }, event)).toBe(true);
    expect(matchesSubscriptionFilter({ count: { gt: 5 } }, event)).toBe(false);
    expect(matchesSubscriptionFilter({ count: { between: [1, 4] } }, event)).toBe(false);
    expect(matchesSubscriptionFilter({ id: { in: ['user-1', 'user-3'] } }, event)).toBe(true);
    expect(matchesSubscriptionFilter({ id: { notIn: ['user-1'] } }, event)).toBe(false);
    expect(matchesSubscriptionFilter({ id: { beginsWith: 'user-' }, tags: { contains: 'b' } }, event)).toBe(true);
    expect(matchesSubscriptionFilter({ tags: { notContains: 'a' } }, event)).toBe(false);
    expect(matchesSubscriptionFilter({ id: { ne: 'user-1' } }, event)).toBe(false);
  });

  it('reads dotted paths into nested objects', () => {
    expect(matchesSubscriptionFilter({ 'owner.id': { eq: 'user-9' } }, event)).toBe(true);
    expect(matchesSubscriptionFilter({ 'owner.id': { eq: 'user-1' } }, event)).toBe(false);
  });
});
