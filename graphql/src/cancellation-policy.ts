// The cancellation policies an owner offers on a rental ad (issue 39 §2; docs/rentals.md,
// "Cancellation"). A policy is a list of tiers: until `beforeStartMs` before the rental starts, a
// tenant who cancels gets `percent` of what they paid back. Past its last tier and until the start
// nothing goes back; from the start on the rental can no longer be cancelled. The tiers are the ones
// the terms of use state; the contract keeps the policy of the version paid, so a later change of the
// ad never changes a paid rental's terms. One module for the ad, the proposal, the contract page and
// the server's refund, so that the amount shown before confirming is the amount refunded.

import type { CancellationPolicy } from './generated/types';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const CANCELLATION_POLICIES = ['FLEXIBLE', 'MODERATE', 'STRICT'] as const satisfies readonly CancellationPolicy[];

export interface CancellationTier {
  /** The tier holds until this long before the start. */
  beforeStartMs: number;
  /** Part of the payment given back, in percent. */
  percent: number;
}

/** Each policy's tiers, the earliest (largest refund) first. */
export const CANCELLATION_TIERS: Record<CancellationPolicy, readonly CancellationTier[]> = {
  /** Full refund until 24 h before the start. */
  FLEXIBLE: [{ beforeStartMs: DAY_MS, percent: 100 }],
  /** Full refund until 5 days before the start, half until the start. */
  MODERATE: [
    { beforeStartMs: 5 * DAY_MS, percent: 100 },
    { beforeStartMs: 0, percent: 50 },
  ],
  /** Half until 7 days before the start, nothing after. */
  STRICT: [{ beforeStartMs: 7 * DAY_MS, percent: 50 }],
};

/** Ads saved before policies existed read MODERATE: the middle policy, shown on the ad for every proposal from then on. */
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = 'MODERATE';

export interface PolicyRefund {
  /** Part of the payment given back now, in percent (0: the cancellation gives nothing back). */
  percent: number;
  refundCents: number;
  /** When this quote stops holding (the next tier, or the start); the amount drops then. */
  until: Date;
}

/**
 * What a tenant who paid `paidCents` gets back by cancelling at `at` a rental starting at `startAt`
 * under `policy`; null from the start on (no cancellation). Half a cent goes to the tenant.
 */
export function policyRefund(policy: CancellationPolicy, paidCents: number, startAt: Date, at: Date): PolicyRefund | null {
  const left = startAt.getTime() - at.getTime();
  if (left <= 0) return null;
  const tier = CANCELLATION_TIERS[policy].find((candidate) => left > candidate.beforeStartMs);
  const percent = tier?.percent ?? 0;
  return {
    percent,
    refundCents: Math.round((paidCents * percent) / 100),
    until: new Date(startAt.getTime() - (tier?.beforeStartMs ?? 0)),
  };
}
