// The owner's payout (issue 20 §7): a one-time job PAYOUT_DELAY_MS after the rental starts, and never
// sooner than PAYOUT_MIN_AFTER_PAYMENT_MS after the payment (payoutDueAt), transfers the owner's share
// (the total less the platform's fee and less any partial refund) from the tenant's charge to the
// owner's connected account, then the contract is PAYOUT_DONE, and CLOSED once its end has passed.
//
// A run checks its due time and the money's state before it acts: fired early (a misfire, a hand-run
// schedule) it schedules itself at the due time; while a dispute is open or a refund under way it does
// nothing (a dispute won schedules it again). The transfer is looked up at the provider (its
// `transfer_group`) before one is made, so a run that died after the provider made it finishes with it.
//
// Exactly once, whatever fires the job and how often:
// - a run first claims the payout by a write conditioned on the contract's revision: of two runs at the
//   same moment one wins, the other finds the claim and schedules a look once it lapses (PAYOUT_CLAIM_MS,
//   longer than a run can live): the retry of a run that crashed, or that look, takes it over;
// - the transfer's idempotency key comes from the contract (`payout-<id>-k<keyAttempt>`): a run that
//   crashed after the transfer and before PAYOUT_DONE makes the same call again and gets the same
//   transfer back. The key moves on only after a refusal that certainly made no transfer (a restricted
//   account), since the provider answers a key's first outcome again, refusal included;
// - a refused transfer (an account restricted, the provider down) is recorded and retried with backoff:
//   the run schedules the next one JOB_RETRY_DELAYS_MS later (5 min, 30 min, 2 h), each a one-time
//   schedule of its own name, through the same scheduler port as the payout (the stack names this
//   Lambda's ARN ahead, so that it may schedule itself: infra/aws/scheduling.ts); once those are spent
//   the payout is flagged for administrators, who retry it from their contracts screen. Any other
//   failure fails the run, which its invoker runs again (the claim lapses first).
//
// Every use case here takes the contracts' ports as its first argument (contract-ports.ts): the
// repository, the payment gateway, the scheduler, the clock, the notices and the metrics, built by the
// host's composition root (adapters/composition-root.ts) and passed on by the handler, or in-memory
// fakes in the unit tests (contract-payouts.test.ts).

import { AppError, assertValid, required, type AdminContractLine, type RetryContractPayoutInput } from '@partage/graphql';
import { PaymentProviderError } from '../../adapters/payment-errors';
import { logger } from '../../adapters/log';
import type { ContractPayoutRecord, ContractRecord } from '../../data/contracts';
import { DataRefusal, retryingWhenStale } from '../../data/errors';
import { epochSeconds } from '../clock';
import { ADMIN_ONLY, requireRole, type Identity } from '../identity';
import type { ContractPorts } from './contract-ports';
import { nextStatus, type ContractTransition } from './contract-states';
import { adminContractLines } from './contract-view';
import { ownerShareCents, payoutDueAt, payoutHold, payoutOverdue } from './contract-money';
import { providerCall } from '../payments/provider-errors';
import { step } from './contracts';

export const PAYOUT_JOB = 'contract-payout';
export const CLOSE_JOB = 'contract-close';

/** Longer than the payout Lambda's timeout (10 s) with room: a claim this old belongs to a run that is over. */
export const PAYOUT_CLAIM_MS = 60_000;
/** After a contract job's first failure, then the second, then the third: growing delays before trying again. */
export const JOB_RETRY_DELAYS_MS = [5 * 60_000, 30 * 60_000, 2 * 3_600_000] as const;
/** The payout's refusals after which it is left to administrators: the first try's and every retry's. */
export const PAYOUT_MAX_FAILURES = JOB_RETRY_DELAYS_MS.length + 1;
/** The schedule of a job's retry after its `failures`-th failure (each its own: a schedule is deleted once run). */
const retryScheduleName = (prefix: string, contractId: string, failures: number) => `${prefix}-${contractId}-retry-${failures}`;
export const payoutRetryScheduleName = (contractId: string, failures: number) => retryScheduleName('payout', contractId, failures);

/**
 * Schedules the contract's `job` again JOB_RETRY_DELAYS_MS after its `failures`-th failure (logged
 * with `error`); the retry's payload counts the failures, for a job that does not keep them itself.
 */
export async function scheduleRetry(
  ports: ContractPorts,
  {
    job,
    prefix,
    contractId,
    failures,
    error,
  }: {
    job: string;
    prefix: string;
    contractId: string;
    failures: number;
    error: unknown;
  },
): Promise<void> {
  const delay = JOB_RETRY_DELAYS_MS[failures - 1]!;
  logger().warn('contract job failed, tried again later', { job, contractId, failures, retryInMinutes: delay / 60_000, error });
  await ports.scheduler.scheduleOnce({
    name: retryScheduleName(prefix, contractId, failures),
    job,
    at: new Date(ports.clock.now().getTime() + delay),
    payload: { contractId, failures },
  });
}

export const payoutKey = (contractId: string, keyAttempt: number) => `payout-${contractId}-k${keyAttempt}`;

/** The payout of a paid contract at its due time (payoutDueAt); scheduling it again changes nothing. */
export async function schedulePayout(ports: ContractPorts, contract: Pick<ContractRecord, 'id' | 'content' | 'payment'>): Promise<void> {
  await schedulePayoutAt(ports, contract.id, payoutDueAt(contract), 'payout');
}

/** A run of the payout at `at` under a schedule name of its own (`payout-<contract id>`, then what it is and its time for a later run). */
async function schedulePayoutAt(ports: ContractPorts, contractId: string, at: Date, name: string): Promise<void> {
  await ports.scheduler.scheduleOnce({
    // Epoch seconds keep the name within the scheduler's 64 characters.
    name: name === 'payout' ? `payout-${contractId}` : `payout-${contractId}-${name}-${epochSeconds(at)}`,
    job: PAYOUT_JOB,
    at,
    payload: { contractId },
  });
}

/** The payout run again once a dispute is won: at its due time, or in a minute when that has passed. */
export const resumePayout = (ports: ContractPorts, contract: ContractRecord): Promise<void> =>
  schedulePayoutAt(ports, contract.id, new Date(Math.max(payoutDueAt(contract).getTime(), ports.clock.now().getTime() + 60_000)), 'resume');

/**
 * The closing of a paid contract at its end (which finds it paid out, or leaves the closing to the
 * payout when the rental ended before it); scheduling it again changes nothing.
 */
export async function scheduleClose(ports: ContractPorts, contract: Pick<ContractRecord, 'id' | 'content'>): Promise<void> {
  await ports.scheduler.scheduleOnce({
    name: `close-${contract.id}`,
    job: CLOSE_JOB,
    at: new Date(contract.content.endAt),
    payload: { contractId: contract.id },
  });
}

/** The contract moved on by the platform (SYSTEM) through `transition`, with `changes`. */
function advanced(contract: ContractRecord, transition: ContractTransition, changes: Partial<ContractRecord>, at: string): ContractRecord {
  const verdict = nextStatus(contract.status, transition, 'SYSTEM');
  if (!verdict.allowed) throw new Error(`${transition} refused from ${contract.status}`);
  const kind = transition === 'PAY_OUT' ? 'PAYOUT_DONE' : 'CLOSED';
  return {
    ...contract,
    ...changes,
    status: verdict.to,
    updatedAt: at,
    history: [...contract.history, step(kind, { status: verdict.to, version: contract.version }, null, at)],
  };
}

/** What a run found: the contract claimed for it, or why it does not pay out now. */
type Claim =
  | { claimed: ContractRecord }
  | { nothing: true }
  /** A dispute open or a refund under way: the payout waits (a dispute won schedules it again). */
  | { held: true }
  | { notDueUntil: Date }
  /** Another run holds the claim since then. */
  | { claimedElsewhereAt: number };

/**
 * Claims the payout for this run, by a write conditioned on the contract's revision: read again when
 * another writer came first, a bounded number of rounds (retryingWhenStale), then the run fails for its invoker.
 */
function claimPayout({ contracts, clock }: ContractPorts, contractId: string): Promise<Claim> {
  return retryingWhenStale(async () => {
    const contract = await contracts.get(contractId);
    // Refunded, or paid out already (a duplicate fire after the fact): nothing to do.
    if (contract?.status !== 'PAID' || !contract.payment) return { nothing: true };
    if (payoutHold(contract) === 'DISPUTE' || payoutHold(contract) === 'REFUND') return { held: true };
    const payout: ContractPayoutRecord = contract.payout ?? { claimedAt: null, keyAttempt: 1, failures: 0, flagged: false };
    if (payout.flagged) return { nothing: true };
    const at = clock.now();
    const due = payoutDueAt(contract);
    if (at < due) return { notDueUntil: due };
    if (payout.claimedAt && at.getTime() - Date.parse(payout.claimedAt) < PAYOUT_CLAIM_MS)
      return { claimedElsewhereAt: Date.parse(payout.claimedAt) };
    // Another run (or a write of another kind) coming first is refused here: read again and see.
    return { claimed: await contracts.replace(contract, { ...contract, payout: { ...payout, claimedAt: at.toISOString() } }) };
  });
}

/** The outcome of a run, for the job's log and the tests. */
export type PayoutOutcome = 'PAID_OUT' | 'NOTHING_TO_DO' | 'HELD' | 'NOT_DUE' | 'LOOK_SCHEDULED' | 'RETRY_SCHEDULED' | 'FLAGGED';

export async function runPayout(ports: ContractPorts, payload: Record<string, unknown>): Promise<PayoutOutcome> {
  const contractId = typeof payload.contractId === 'string' ? payload.contractId : '';
  if (!contractId) return 'NOTHING_TO_DO';
  const claim = await claimPayout(ports, contractId);
  if ('nothing' in claim) return 'NOTHING_TO_DO';
  if ('held' in claim) return 'HELD';
  if ('notDueUntil' in claim) {
    await schedulePayoutAt(ports, contractId, claim.notDueUntil, 'due');
    return 'NOT_DUE';
  }
  if ('claimedElsewhereAt' in claim) {
    // That run may have died (a crash after the transfer, say): look again once its claim has lapsed.
    await schedulePayoutAt(ports, contractId, new Date(claim.claimedElsewhereAt + PAYOUT_CLAIM_MS + 1000), 'look');
    return 'LOOK_SCHEDULED';
  }
  const { claimed } = claim;
  const payout = claimed.payout!;
  const amountCents = ownerShareCents(claimed);
  const { payments } = ports;
  let transferId: string | undefined;
  try {
    // A run that died after the provider made the transfer: its transfer, not a second one.
    const made = await payments.findTransfer(claimed.id);
    if (made) return await recordPayout(ports, claimed, made.transferId, made.amountCents);
    if (amountCents > 0) {
      const owner = await ports.contracts.payee(claimed.ownerId);
      if (!owner?.paymentAccountId) throw new PaymentProviderError('invalidRequest', 'The owner has no connected account');
      // A suspended owner is not paid: refused like a restricted account, retried, then left to administrators.
      if (owner.suspended) throw new PaymentProviderError('invalidRequest', 'The owner is suspended');
      const sourceTransaction = await payments.checkoutCharge(claimed.payment!.sessionId);
      ({ transferId } = await payments.createTransfer({
        amountCents,
        destination: owner.paymentAccountId,
        sourceTransaction,
        transferGroup: claimed.id,
        idempotencyKey: payoutKey(claimed.id, payout.keyAttempt),
      }));
    }
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    return recordFailure(ports, claimed, error);
  }
  return recordPayout(ports, claimed, transferId, amountCents);
}

/**
 * PAYOUT_DONE with the transfer made (none when nothing was left to the owner), over the contract as
 * claimed; then both parties told and, if the rental ended before, the contract closed.
 */
async function recordPayout(
  ports: ContractPorts,
  claimed: ContractRecord,
  transferId: string | undefined,
  amountCents: number,
): Promise<'PAID_OUT'> {
  const at = ports.clock.now().toISOString();
  const payout: ContractPayoutRecord = claimed.payout ?? { claimedAt: null, keyAttempt: 1, failures: 0, flagged: false };
  // Paid and paid out: a transaction of each party's (their public profiles count them), counted once
  // since it is written with PAYOUT_DONE, and only at arm's length (one per pair of accounts per period).
  // A rental its tenant cancelled took place nowhere: the owner is paid what its policy leaves them, uncounted.
  const done = await ports.contracts.replace(
    claimed,
    advanced(
      claimed,
      'PAY_OUT',
      { payout: { ...payout, claimedAt: null, ...(transferId ? { transferId } : {}), amountCents, paidOutAt: at } },
      at,
    ),
    claimed.cancellation ? {} : { countTransactionAt: at },
  );
  ports.metrics.count('ContractPaidOut');
  await ports.notices.announce(done, 'PAYOUT_DONE', done.ownerId);
  // The closing job found the contract still PAID if the rental ended before the payout.
  await runClose(ports, { contractId: done.id });
  return 'PAID_OUT';
}

/**
 * A paid contract whose payout was started (a run may have died after the provider made its
 * transfer): the transfer looked up at the provider, and the contract made PAYOUT_DONE with it when
 * one exists. Answers the contract as it now stands. What a refund does first.
 */
export async function settleLostPayout(ports: ContractPorts, contract: ContractRecord): Promise<ContractRecord> {
  const made = await providerCall(() => ports.payments.findTransfer(contract.id));
  if (!made) return contract;
  logger().warn('transfer found at the provider, recorded as the payout', { contractId: contract.id, transferId: made.transferId });
  await recordPayout(ports, contract, made.transferId, made.amountCents);
  return (await ports.contracts.get(contract.id))!;
}

async function recordFailure(
  ports: ContractPorts,
  claimed: ContractRecord,
  error: PaymentProviderError,
): Promise<'RETRY_SCHEDULED' | 'FLAGGED'> {
  const payout = claimed.payout!;
  const failures = payout.failures + 1;
  const flagged = failures >= PAYOUT_MAX_FAILURES;
  ports.metrics.count('PayoutFailed');
  await ports.contracts.replace(claimed, {
    ...claimed,
    payout: {
      ...payout,
      claimedAt: null,
      failures,
      flagged,
      lastFailure: `${error.kind}${error.providerCode ? ` (${error.providerCode})` : ''}: ${error.message}`,
      // A retryable failure may have reached the provider: the same key then finds the transfer it made.
      keyAttempt: error.retryable ? payout.keyAttempt : payout.keyAttempt + 1,
    },
  });
  if (flagged) {
    logger().error('payout failed for good, left to administrators', { contractId: claimed.id, failures, reason: error.message });
    return 'FLAGGED';
  }
  await scheduleRetry(ports, { job: PAYOUT_JOB, prefix: 'payout', contractId: claimed.id, failures, error });
  return 'RETRY_SCHEDULED';
}

/** A paid-out contract whose end has passed becomes CLOSED; anything else is left as it is. */
export async function runClose(ports: ContractPorts, payload: Record<string, unknown>): Promise<'CLOSED' | 'NOTHING_TO_DO'> {
  const { contracts, clock } = ports;
  const contract = typeof payload.contractId === 'string' ? await contracts.get(payload.contractId) : undefined;
  if (contract?.status !== 'PAYOUT_DONE' || Date.parse(contract.content.endAt) > clock.now().getTime()) return 'NOTHING_TO_DO';
  const at = clock.now().toISOString();
  try {
    const closed = await contracts.replace(contract, advanced(contract, 'CLOSE', {}, at));
    await ports.notices.announce(closed, 'CLOSED', closed.ownerId);
  } catch (error) {
    // Closed meanwhile by the other of the two ways (the payout's run, or the job at the end).
    if (!(error instanceof DataRefusal && error.reason === 'STALE_VERSION')) throw error;
    return 'NOTHING_TO_DO';
  }
  return 'CLOSED';
}

/**
 * ADMIN: a flagged payout run again at once, or an overdue one (its job failed for good or was lost:
 * payoutOverdue). The flag is cleared first (conditioned on the contract's
 * revision: of two retries at once one runs), then the same run as the job's claims and transfers with
 * the key the failures left; its failures stay counted, so a new refusal flags it again at once, with
 * its reason. Answers the contract's line as the run left it.
 */
export async function retryFlaggedPayout(
  ports: ContractPorts,
  identity: Identity,
  input: RetryContractPayoutInput,
): Promise<AdminContractLine> {
  requireRole(identity, ADMIN_ONLY);
  assertValid([['input.contractId', required(input?.contractId)]]);
  const { contracts } = ports;
  const contract = await contracts.get(input.contractId);
  if (!contract) throw new AppError('NOT_FOUND', 'No such contract');
  const overdue = payoutOverdue(contract, ports.clock.now());
  if (contract.status !== 'PAID' || (!contract.payout?.flagged && !overdue) || contract.refund) {
    throw new AppError('CONTRACT_STATUS_CONFLICT', 'Only a paid contract whose payout is flagged or overdue can have it retried');
  }
  if (contract.payout?.flagged) await contracts.replace(contract, { ...contract, payout: { ...contract.payout, flagged: false } });
  await runPayout(ports, { contractId: contract.id });
  const [line] = await adminContractLines([(await contracts.get(contract.id))!]);
  return line!;
}
