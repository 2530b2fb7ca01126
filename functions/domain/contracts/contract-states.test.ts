import { CONTRACT_STATUSES, type ContractStatus } from '@partage/graphql';
import { describe, expect, it } from 'vitest';
import { availableTransitions, CONTRACT_TRANSITIONS, nextStatus, type ContractActor, type ContractTransition } from './contract-states';

const ACTORS: ContractActor[] = ['OWNER', 'TENANT', 'ADMIN', 'SYSTEM'];
const TRANSITIONS = Object.keys(CONTRACT_TRANSITIONS) as ContractTransition[];

/** Every allowed (status, transition, actor) and where it leads; anything absent is refused. */
const ALLOWED: Array<[ContractStatus, ContractTransition, ContractActor, ContractStatus]> = [
  ['SUBMITTED', 'EDIT', 'OWNER', 'SUBMITTED'],
  ['SUBMITTED', 'CANCEL', 'OWNER', 'CANCELLED'],
  ['SUBMITTED', 'CANCEL', 'TENANT', 'CANCELLED'],
  ['SUBMITTED', 'PAY', 'SYSTEM', 'PAID'],
  ['PAID', 'CANCEL_PAID', 'TENANT', 'PAID'],
  ['PAID', 'REFUND', 'OWNER', 'REFUNDED'],
  ['PAID', 'REFUND', 'ADMIN', 'REFUNDED'],
  ['PAID', 'REFUND', 'SYSTEM', 'REFUNDED'],
  ['PAYOUT_DONE', 'REFUND_AFTER_PAYOUT', 'ADMIN', 'REFUNDED'],
  ['PAYOUT_DONE', 'REFUND_AFTER_PAYOUT', 'SYSTEM', 'REFUNDED'],
  ['CLOSED', 'REFUND_AFTER_PAYOUT', 'ADMIN', 'REFUNDED'],
  ['CLOSED', 'REFUND_AFTER_PAYOUT', 'SYSTEM', 'REFUNDED'],
  ['PAID', 'CHARGEBACK', 'SYSTEM', 'REFUNDED'],
  ['PAYOUT_DONE', 'CHARGEBACK', 'SYSTEM', 'REFUNDED'],
  ['CLOSED', 'CHARGEBACK', 'SYSTEM', 'REFUNDED'],
  ['PAID', 'PAY_OUT', 'SYSTEM', 'PAYOUT_DONE'],
  ['PAYOUT_DONE', 'CLOSE', 'SYSTEM', 'CLOSED'],
];

describe('contract state machine', () => {
  const cases = CONTRACT_STATUSES.flatMap((status) =>
    TRANSITIONS.flatMap((transition) => ACTORS.map((actor) => [status, transition, actor] as const)),
  );

  it.each(cases)('%s --%s--> by %s', (status, transition, actor) => {
    const allowed = ALLOWED.find(([s, t, a]) => s === status && t === transition && a === actor);
    const verdict = nextStatus(status, transition, actor);
    if (allowed) expect(verdict).toEqual({ allowed: true, to: allowed[3] });
    else expect(verdict.allowed).toBe(false);
  });

  it('names an actor refusal apart from a status refusal', () => {
    expect(nextStatus('SUBMITTED', 'PAY', 'TENANT')).toEqual({ allowed: false, reason: 'ACTOR' });
    expect(nextStatus('SUBMITTED', 'EDIT', 'TENANT')).toEqual({ allowed: false, reason: 'ACTOR' });
    expect(nextStatus('PAID', 'EDIT', 'OWNER')).toEqual({ allowed: false, reason: 'STATUS' });
    expect(nextStatus('PAID', 'CANCEL', 'TENANT')).toEqual({ allowed: false, reason: 'STATUS' });
    expect(nextStatus('PAYOUT_DONE', 'REFUND', 'ADMIN')).toEqual({ allowed: false, reason: 'STATUS' });
    expect(nextStatus('PAYOUT_DONE', 'REFUND_AFTER_PAYOUT', 'OWNER')).toEqual({ allowed: false, reason: 'ACTOR' });
  });

  it('holds what moves money while a dispute is open, and nothing else', () => {
    const open = { disputeOpen: true };
    expect(nextStatus('PAID', 'PAY_OUT', 'SYSTEM', open)).toEqual({ allowed: false, reason: 'DISPUTE' });
    expect(nextStatus('PAID', 'REFUND', 'ADMIN', open)).toEqual({ allowed: false, reason: 'DISPUTE' });
    expect(nextStatus('CLOSED', 'REFUND_AFTER_PAYOUT', 'ADMIN', open)).toEqual({ allowed: false, reason: 'DISPUTE' });
    // The bank's decision itself, and the closing of a rental paid out before the dispute, still happen.
    expect(nextStatus('PAYOUT_DONE', 'CHARGEBACK', 'SYSTEM', open)).toEqual({ allowed: true, to: 'REFUNDED' });
    expect(nextStatus('PAYOUT_DONE', 'CLOSE', 'SYSTEM', open)).toEqual({ allowed: true, to: 'CLOSED' });
    expect(availableTransitions('PAID', 'OWNER', open)).toEqual([]);
  });

  it('lists what each party may do now', () => {
    expect(availableTransitions('SUBMITTED', 'OWNER')).toEqual(['EDIT', 'CANCEL']);
    expect(availableTransitions('SUBMITTED', 'TENANT')).toEqual(['CANCEL']);
    expect(availableTransitions('SUBMITTED', 'ADMIN')).toEqual([]);
    expect(availableTransitions('PAID', 'OWNER')).toEqual(['REFUND']);
    expect(availableTransitions('CLOSED', 'ADMIN')).toEqual(['REFUND_AFTER_PAYOUT']);
    expect(availableTransitions('PAID', 'TENANT')).toEqual(['CANCEL_PAID']);
    expect(availableTransitions('CLOSED', 'SYSTEM')).toEqual(['REFUND_AFTER_PAYOUT', 'CHARGEBACK']);
  });
});
