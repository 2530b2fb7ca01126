// The one state machine of a contract. SUBMITTED (proposed by the owner, editable) → PAID (only
// from the payment provider's verified webhook) → PAYOUT_DONE (the payout job, 24 h after the
// rental starts) → CLOSED (after the end date); CANCELLED by either party before payment; REFUNDED
// when the owner or an administrator cancels a paid contract before the payout. Every change of a
// contract goes through `nextStatus`, which names who may fire each transition.

import type { ContractStatus } from '@partage/graphql';

/** Who fires a transition: a party, an administrator, or the platform itself (webhook, scheduler). */
export type ContractActor = 'OWNER' | 'TENANT' | 'ADMIN' | 'SYSTEM';

export type ContractTransition = 'EDIT' | 'CANCEL' | 'PAY' | 'REFUND' | 'PAY_OUT' | 'CLOSE';

interface TransitionRule {
  from: readonly ContractStatus[];
  to: ContractStatus;
  by: readonly ContractActor[];
}

export const CONTRACT_TRANSITIONS: Record<ContractTransition, TransitionRule> = {
  /** A new version of the terms, while unpaid (spec §4: editable and resubmittable). */
  EDIT: { from: ['SUBMITTED'], to: 'SUBMITTED', by: ['OWNER'] },
  CANCEL: { from: ['SUBMITTED'], to: 'CANCELLED', by: ['OWNER', 'TENANT'] },
  /** The verified payment webhook; never the browser's return. */
  PAY: { from: ['SUBMITTED'], to: 'PAID', by: ['SYSTEM'] },
  /** Money goes back to the tenant: only before the owner was paid. */
  REFUND: { from: ['PAID'], to: 'REFUNDED', by: ['OWNER', 'ADMIN'] },
  PAY_OUT: { from: ['PAID'], to: 'PAYOUT_DONE', by: ['SYSTEM'] },
  CLOSE: { from: ['PAYOUT_DONE'], to: 'CLOSED', by: ['SYSTEM'] },
};

export type TransitionVerdict =
  | { allowed: true; to: ContractStatus }
  /** ACTOR: this actor may never fire it; STATUS: not from the contract's present status. */
  | { allowed: false; reason: 'ACTOR' | 'STATUS' };

/** Whether `actor` may fire `transition` on a contract in `status`, and the status it leads to. */
export function nextStatus(status: ContractStatus, transition: ContractTransition, actor: ContractActor): TransitionVerdict {
  const rule = CONTRACT_TRANSITIONS[transition];
  if (!rule.by.includes(actor)) return { allowed: false, reason: 'ACTOR' };
  if (!rule.from.includes(status)) return { allowed: false, reason: 'STATUS' };
  return { allowed: true, to: rule.to };
}

/** The transitions `actor` may fire now, for the actions a page offers. */
export const availableTransitions = (status: ContractStatus, actor: ContractActor): ContractTransition[] =>
  (Object.keys(CONTRACT_TRANSITIONS) as ContractTransition[]).filter((transition) => nextStatus(status, transition, actor).allowed);
