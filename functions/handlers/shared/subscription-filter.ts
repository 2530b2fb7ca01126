// What a Subscription.* resolver returns to let a client in: the filter every event must pass to
// reach it, built from the caller's identity, never from what the client asked. AppSync's resolver
// code sets it as an enhanced subscription filter (extensions.setSubscriptionFilter); the local
// real-time server applies the same semantics with matchesSubscriptionFilter.

type Scalar = string | number | boolean;

/** AppSync's subscription filter operators (util.transform.toSubscriptionFilter), one field each. */
export interface FieldCondition {
  eq?: Scalar;
  ne?: Scalar;
  gt?: number;
  ge?: number;
  lt?: number;
  le?: number;
  between?: [number, number];
  in?: Scalar[];
  notIn?: Scalar[];
  beginsWith?: string;
  contains?: Scalar;
  notContains?: Scalar;
}

/** Field name (of the event's data) -> its condition; all of them must hold. */
export type SubscriptionFilter = Record<string, FieldCondition>;

export interface SubscriptionFilterEnvelope {
  __subscriptionFilter: SubscriptionFilter;
}

export const subscriptionFilter = (filter: SubscriptionFilter): SubscriptionFilterEnvelope => ({ __subscriptionFilter: filter });

export function isSubscriptionFilterEnvelope(value: unknown): value is SubscriptionFilterEnvelope {
  return typeof value === 'object' && value !== null && '__subscriptionFilter' in value;
}

function holds(condition: FieldCondition, value: unknown): boolean {
  const checks: [keyof FieldCondition, (expected: never) => boolean][] = [
    ['eq', (expected: Scalar) => value === expected],
    ['ne', (expected: Scalar) => value !== expected],
    ['gt', (expected: number) => typeof value === 'number' && value > expected],
    ['ge', (expected: number) => typeof value === 'number' && value >= expected],
    ['lt', (expected: number) => typeof value === 'number' && value < expected],
    ['le', (expected: number) => typeof value === 'number' && value <= expected],
    ['between', ([low, high]: [number, number]) => typeof value === 'number' && value >= low && value <= high],
    ['in', (expected: Scalar[]) => expected.includes(value as Scalar)],
    ['notIn', (expected: Scalar[]) => !expected.includes(value as Scalar)],
    ['beginsWith', (expected: string) => typeof value === 'string' && value.startsWith(expected)],
    ['contains', (expected: Scalar) => (Array.isArray(value) || typeof value === 'string') && value.includes(expected as never)],
    ['notContains', (expected: Scalar) => !((Array.isArray(value) || typeof value === 'string') && value.includes(expected as never))],
  ];
  return checks.every(([operator, check]) => condition[operator] === undefined || check(condition[operator] as never));
}

/** Whether an event's data passes the filter (fields may be dotted paths into nested objects). */
export function matchesSubscriptionFilter(filter: SubscriptionFilter, data: unknown): boolean {
  return Object.entries(filter).every(([path, condition]) => {
    const value = path
      .split('.')
      .reduce<unknown>(
        (object, key) => (typeof object === 'object' && object !== null ? (object as Record<string, unknown>)[key] : undefined),
        data,
      );
    return holds(condition, value);
  });
}
