// The one state machine of a contract. SUBMITTED (proposed by the owner, editable) → PAID (only
// from the payment provider's verified webhook) → PAYOUT_DONE (the payout job, 24 h after the
// rental starts and after the payment) → CLOSED (after the end date); CANCELLED by either party before
// payment; REFUNDED when the whole payment went back to the tenant: a paid contract cancelled before
// the payout (the owner, an administrator, or the tenant under a policy that gives it all back), an administrator's refund after it (the owner's transfer
// reversed first), a refund made in the provider's dashboard, or a dispute lost. Every change of a
// contract's status goes through `nextStatus`, which names who may fire each transition.
//
// Money that moves without changing the status (a partial refund, a dispute opened or won) is a fact
// on the contract (contract-money.ts); while a dispute is open the bank holds the money, so nothing
// that moves it (a refund, the payout) may fire: `nextStatus` refuses them with DISPUTE.

import type { ContractStatus } from '@partage/graphql';

/** Who fires a transition: a party, an administrator, or the platform itself (webhook, scheduler). */
export type ContractActor = 'OWNER' | 'TENANT' | 'ADMIN' | 'SYSTEM';

export type ContractTransition =
  'EDIT' | 'CANCEL' | 'CANCEL_PAID' | 'PAY' | 'REFUND' | 'REFUND_AFTER_PAYOUT' | 'CHARGEBACK' | 'PAY_OUT' | 'CLOSE';

interface TransitionRule {
  from: readonly ContractStatus[];
  to: ContractStatus;
  by: readonly ContractActor[];
  /** Moves money the bank holds during a dispute: refused while one is open. */
  movesMoney?: true;
}

export const CONTRACT_TRANSITIONS: Record<ContractTransition, TransitionRule> = {
  /** A new version of the terms, while unpaid (spec §4: editable and resubmittable). */
  EDIT: { from: ['SUBMITTED'], to: 'SUBMITTED', by: ['OWNER'] },
  CANCEL: { from: ['SUBMITTED'], to: 'CANCELLED', by: ['OWNER', 'TENANT'] },
  /**
   * The tenant cancels a paid rental before it starts, under the version's policy (contract-cancellation.ts):
   * the status stays (the payout pays the owner what the policy leaves them, or the refund makes it REFUNDED).
   */
  CANCEL_PAID: { from: ['PAID'], to: 'PAID', by: ['TENANT'], movesMoney: true },
  /** The verified payment webhook; never the browser's return. */
  PAY: { from: ['SUBMITTED'], to: 'PAID', by: ['SYSTEM'] },
  /** All the money back to the tenant before the owner was paid (SYSTEM: a refund made in the provider's dashboard). */
  REFUND: { from: ['PAID'], to: 'REFUNDED', by: ['OWNER', 'ADMIN', 'SYSTEM'], movesMoney: true },
  /** All the money back after the payout: the owner's transfer is reversed first (SYSTEM: the dashboard's refund). */
  REFUND_AFTER_PAYOUT: { from: ['PAYOUT_DONE', 'CLOSED'], to: 'REFUNDED', by: ['ADMIN', 'SYSTEM'], movesMoney: true },
  /** A dispute lost: the bank gave the payment back; a payout made is reversed. */
  CHARGEBACK: { from: ['PAID', 'PAYOUT_DONE', 'CLOSED'], to: 'REFUNDED', by: ['SYSTEM'] },
  PAY_OUT: { from: ['PAID'], to: 'PAYOUT_DONE', by: ['SYSTEM'], movesMoney: true },
  CLOSE: { from: ['PAYOUT_DONE'], to: 'CLOSED', by: ['SYSTEM'] },
};

export type TransitionVerdict =
  | { allowed: true; to: ContractStatus }
  /** ACTOR: this actor may never fire it; STATUS: not from the contract's present status; DISPUTE: not while a dispute is open. */
  | { allowed: false; reason: 'ACTOR' | 'STATUS' | 'DISPUTE' };

/** What else than the status decides a transition. */
export interface TransitionContext {
  disputeOpen?: boolean;
}

/** Whether `actor` may fire `transition` on a contract in `status`, and the status it leads to. */
export function nextStatus(
  status: ContractStatus,
  transition: ContractTransition,
  actor: ContractActor,
  { disputeOpen = false }: TransitionContext = {},
): TransitionVerdict {
  const rule = CONTRACT_TRANSITIONS[transition];
  if (!rule.by.includes(actor)) return { allowed: false, reason: 'ACTOR' };
  if (!rule.from.includes(status)) return { allowed: false, reason: 'STATUS' };
  if (disputeOpen && rule.movesMoney) return { allowed: false, reason: 'DISPUTE' };
  return { allowed: true, to: rule.to };
}

/** The transitions `actor` may fire now, for the actions a page offers. */
export const availableTransitions = (status: ContractStatus, actor: ContractActor, context: TransitionContext = {}): ContractTransition[] =>
  (Object.keys(CONTRACT_TRANSITIONS) as ContractTransition[]).filter(
    (transition) => nextStatus(status, transition, actor, context).allowed,
  );
