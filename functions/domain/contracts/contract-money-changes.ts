// How a fact about a paid contract's money (a refund, a reversal, a dispute) is written: merged into
// the contract read fresh, its status moved on by the state machine when the payment is all back, and
// the parties' counts and the dates put right with it. The platform's own refunds and the provider's
// events about the same money (they arrive later, or first, or twice) go through here, so that they
// converge on one state whatever their order: each fact is keyed by the provider's id and merged, never
// added twice.

import type { ContractStepKind } from '@partage/graphql';
import type { TransactItem } from '../../data/client';
import { getContract, releaseBookingHold, replaceContract, type ContractRecord } from '../../data/contracts';
import { retryingWhenStale } from '../../data/errors';
import { armsLengthTransactionRemovals } from '../../data/ratings';
import { now } from '../clock';
import { issueContractDocuments, mayNeedCredit } from './contract-documents';
import { announceContractStep, refundOfCancellation } from './contract-notices';
import { fullyRefunded } from './contract-money';
import { nextStatus, type ContractActor, type ContractTransition } from './contract-states';
import { step } from './contracts';

/**
 * A change of the contract read fresh: its new record and the step to tell (none: nothing new to tell)
 * with an administrator's reason kept on it; null: nothing to write.
 */
export type MoneyChange = (contract: ContractRecord) => { next: ContractRecord; kind: ContractStepKind | null; reason?: string } | null;

/** The statuses in which the rental counts as a transaction of each party (set at the payout). */
const COUNTED = new Set(['PAYOUT_DONE', 'CLOSED']);

/** The transition that makes a contract REFUNDED once its payment is all back, by what brought it back. */
function refundTransition(contract: ContractRecord, cause: 'REFUND' | 'CHARGEBACK'): ContractTransition {
  if (cause === 'CHARGEBACK') return 'CHARGEBACK';
  return contract.status === 'PAID' ? 'REFUND' : 'REFUND_AFTER_PAYOUT';
}

/**
 * Applies `change` to the contract read fresh, then, when the payment is all back and the contract is
 * still paid, moves it to REFUNDED (a refund's transition, or a lost dispute's CHARGEBACK: its step
 * replaces the change's), frees its dates and takes the rental out of both parties' counts if it was
 * in them; written conditioned on the revision read (read again and applied anew when another writer
 * came first). The step is told to both parties in the party's name (the owner's for the platform and
 * an administrator). Answers the contract as written, or as read when there was nothing to write
 * (undefined: no such contract).
 */
export async function changeMoney(
  contractId: string,
  change: MoneyChange,
  { cause, actor, actorId }: { cause: 'REFUND' | 'CHARGEBACK'; actor: ContractActor; actorId: string | null },
): Promise<ContractRecord | undefined> {
  const outcome = await retryingWhenStale(async () => {
    const contract = await getContract(contractId);
    if (!contract) return undefined;
    const changed = change(contract);
    if (!changed) return { written: contract, kind: null, refundedNow: false };
    const at = now().toISOString();
    let { next, kind } = changed;
    const alongWith: TransactItem[] = [];
    const transition = refundTransition(next, cause);
    const verdict = fullyRefunded(next) ? nextStatus(next.status, transition, actor) : undefined;
    const refundedNow = Boolean(verdict?.allowed);
    if (verdict?.allowed) {
      kind = transition === 'CHARGEBACK' ? 'DISPUTE_LOST' : 'REFUNDED';
      if (COUNTED.has(next.status)) alongWith.push(...(await armsLengthTransactionRemovals(next)));
      next = { ...next, status: verdict.to, refund: undefined };
    }
    const told = kind && {
      ...step(kind, { status: next.status, version: next.version }, actorId, at),
      ...(changed.reason ? { reason: changed.reason } : {}),
    };
    const history = told ? [...next.history, told] : next.history;
    const written = await replaceContract(contract, { ...next, history, updatedAt: kind ? at : next.updatedAt }, alongWith);
    return { written, kind, refundedNow };
  });
  if (!outcome) return undefined;
  const { written, kind, refundedNow } = outcome;
  // Money given back calls for credit notes (issue 39 §4), issued before the step is told (its e-mails
  // name them); also when nothing new was written, so that the provider's retry of an event whose
  // issuing failed issues them.
  if (mayNeedCredit(written)) await issueContractDocuments(written.id);
  // A tenant's cancellation frees the dates once its refund is recorded, whoever records it.
  if (refundedNow || (kind && refundOfCancellation(written, kind))) await releaseBookingHold(written.adId, written.id, now().toISOString());
  // The conversation has only its two participants: the platform's or an administrator's step is shown in the owner's name.
  if (kind) await announceContractStep(written, kind, actor === 'OWNER' || actor === 'TENANT' ? actorId! : written.ownerId);
  return written;
}
