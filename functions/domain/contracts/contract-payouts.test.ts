// The payout's rules with in-memory ports (functions/testing/fake-contract-ports.ts), no DynamoDB:
// its due time (issue 37 §5), a run that died between the transfer and PAYOUT_DONE (§6), the claim's
// optimistic loop and its bound. The repository's own conditions are tested on DynamoDB Local
// (functions/handlers/contract-payouts.db.test.ts, contract-money.db.test.ts).

import { beforeEach, describe, expect, it } from 'vitest';
import { PAYOUT_DELAY_MS, PAYOUT_MIN_AFTER_PAYMENT_MS } from '@partage/graphql';
import { PaymentProviderError } from '../../adapters/payment-errors';
import { DataRefusal } from '../../data/errors';
import { fakeContractPorts, type FakeContractPorts } from '../../testing/fake-contract-ports';
import { captureLogLines, type LogLines } from '../../testing/log-lines';
import { epochSeconds } from '../clock';
import { JOB_RETRY_DELAYS_MS, PAYOUT_CLAIM_MS, PAYOUT_MAX_FAILURES, runPayout, schedulePayout, settleLostPayout } from './contract-payouts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let fakes: FakeContractPorts;
let logs: LogLines;
beforeEach(() => {
  fakes = fakeContractPorts();
  // The runs' warnings stay off the terminal; a test reads them where they matter.
  logs = captureLogLines();
  return () => logs.restore();
});

/** Runs the payout job for `contractId` now, as its schedule fires it. */
const fire = (contractId: string) => runPayout(fakes.ports, { contractId });
/** A paid contract whose rental starts `startIn` ms after the payment (negative: it started before), paid now. */
const givenPaid = (startIn: number) => {
  const paidAt = fakes.clock.now();
  return fakes.givenPaid({ startAt: new Date(paidAt.getTime() + startIn), paidAt });
};

describe('the payout is due 24 h after the start and never sooner than 24 h after the payment (issue 37 §5)', () => {
  it('a rental starting in three days: scheduled a day after its start; a run fired before then pays nothing and schedules itself at that time', async () => {
    const contract = givenPaid(3 * DAY);
    const due = new Date(Date.parse(contract.content.startAt) + PAYOUT_DELAY_MS);
    await schedulePayout(fakes.ports, contract);
    expect(fakes.scheduler.pending.get(`payout-${contract.id}`)).toMatchObject({ job: 'contract-payout', at: due });

    // A hand-run or misfired schedule, a minute early, twice.
    fakes.clock.set(new Date(due.getTime() - 60_000));
    expect(await fire(contract.id)).toBe('NOT_DUE');
    expect(await fire(contract.id)).toBe('NOT_DUE');
    expect(fakes.payments.transfers).toEqual([]);
    expect(fakes.contracts.stored(contract.id)).toEqual(contract);
    const rescheduled = [...fakes.scheduler.pending.values()].filter((schedule) => schedule.name.includes('-due-'));
    expect(rescheduled).toEqual([
      { name: `payout-${contract.id}-due-${epochSeconds(due)}`, job: 'contract-payout', at: due, payload: { contractId: contract.id } },
    ]);

    fakes.clock.set(due);
    expect(await fire(contract.id)).toBe('PAID_OUT');
    expect(fakes.payments.transfers).toEqual([
      expect.objectContaining({ amountCents: 22_500, destination: `acct_${contract.ownerId}`, transferGroup: contract.id }),
    ]);
  });

  it('a day rental "starting" at a midnight already past is paid out 24 h after the payment, not 24 h after its start', async () => {
    const contract = givenPaid(-11 * HOUR);
    const afterStart = new Date(Date.parse(contract.content.startAt) + PAYOUT_DELAY_MS);
    const due = new Date(Date.parse(contract.payment!.paidAt) + PAYOUT_MIN_AFTER_PAYMENT_MS);
    expect(afterStart < due).toBe(true);
    await schedulePayout(fakes.ports, contract);
    expect(fakes.scheduler.pending.get(`payout-${contract.id}`)?.at).toEqual(due);

    // Fired a day after the start, 13 h after the payment: the stolen card's cash-out path stays shut.
    fakes.clock.set(afterStart);
    expect(await fire(contract.id)).toBe('NOT_DUE');
    expect(fakes.payments.transfers).toEqual([]);
    expect(fakes.scheduler.pending.get(`payout-${contract.id}-due-${epochSeconds(due)}`)?.at).toEqual(due);

    fakes.clock.set(due);
    expect(await fire(contract.id)).toBe('PAID_OUT');
    expect(fakes.payments.transfers).toHaveLength(1);
    expect(fakes.contracts.stored(contract.id)?.status).toBe('PAYOUT_DONE');
  });
});

describe('a run that died after the transfer and before PAYOUT_DONE (issue 37 §6)', () => {
  /** A due payout whose run made its transfer, then died before recording it. */
  async function givenDeadRun() {
    const contract = givenPaid(2 * DAY);
    fakes.clock.set(new Date(Date.parse(contract.content.startAt) + PAYOUT_DELAY_MS));
    fakes.payments.dieAfterNextTransfer();
    await expect(fire(contract.id)).rejects.toThrow('Lambda timed out');
    const stored = fakes.contracts.stored(contract.id)!;
    expect(stored.status).toBe('PAID');
    expect(fakes.payments.transfers).toHaveLength(1);
    return { contract, claimedAt: Date.parse(stored.payout!.claimedAt!) };
  }

  it('is finished by its retry with the transfer it made: one transfer, PAYOUT_DONE once, counted once', async () => {
    const { contract, claimedAt } = await givenDeadRun();
    // The invoker's retry finds the dead run's claim still fresh: it does not stop for good, it looks again once the claim lapses.
    expect(await fire(contract.id)).toBe('LOOK_SCHEDULED');
    const look = fakes.scheduler.pending.get(`payout-${contract.id}-look-${epochSeconds(new Date(claimedAt + PAYOUT_CLAIM_MS + 1_000))}`);
    expect(look).toMatchObject({ job: 'contract-payout', at: new Date(claimedAt + PAYOUT_CLAIM_MS + 1_000) });

    fakes.clock.set(look!.at);
    expect(await runPayout(fakes.ports, look!.payload)).toBe('PAID_OUT');
    const [transfer, ...more] = fakes.payments.transfers;
    expect(more).toEqual([]);
    expect(fakes.contracts.stored(contract.id)).toMatchObject({
      status: 'PAYOUT_DONE',
      payout: { transferId: transfer!.transferId, amountCents: 22_500, claimedAt: null },
    });
    expect(fakes.announced).toEqual([{ contractId: contract.id, kind: 'PAYOUT_DONE' }]);
    expect(fakes.contracts.transactionsCounted).toEqual([{ contractId: contract.id, at: look!.at.toISOString() }]);
    expect(fakes.metrics).toEqual({ ContractPaidOut: 1 });
    // Fired once more (a duplicate schedule): nothing.
    expect(await fire(contract.id)).toBe('NOTHING_TO_DO');
    expect(fakes.payments.transfers).toHaveLength(1);
  });

  it('is found by a refund before anything else: the contract becomes PAYOUT_DONE with that transfer, and no run pays again', async () => {
    const { contract, claimedAt } = await givenDeadRun();
    fakes.clock.set(new Date(claimedAt + PAYOUT_CLAIM_MS + 1_000));
    // What refundContract does first (contract-refunds.ts), before it decides how to give the money back.
    const settled = await settleLostPayout(fakes.ports, fakes.contracts.stored(contract.id)!);
    expect(settled).toMatchObject({ status: 'PAYOUT_DONE', payout: { transferId: fakes.payments.transfers[0]!.transferId } });
    expect(logs.entries()).toContainEqual(expect.objectContaining({ message: 'transfer found at the provider, recorded as the payout' }));
    expect(await fire(contract.id)).toBe('NOTHING_TO_DO');
    expect(fakes.payments.transfers).toHaveLength(1);
  });

  it('a refund finds nothing to settle when no transfer was made: the contract is left as it is', async () => {
    const contract = givenPaid(2 * DAY);
    expect(await settleLostPayout(fakes.ports, contract)).toEqual(contract);
    expect(fakes.contracts.stored(contract.id)).toEqual(contract);
  });
});

describe('the claim and the transfer key', () => {
  it('transfers once when the job fires twice at the same moment: the later claim is refused on the revision', async () => {
    const contract = givenPaid(-DAY);
    fakes.clock.set(new Date(Date.parse(contract.payment!.paidAt) + PAYOUT_MIN_AFTER_PAYMENT_MS));
    const outcomes = await Promise.all([fire(contract.id), fire(contract.id)]);
    expect(outcomes).toContain('PAID_OUT');
    expect(outcomes.filter((outcome) => outcome !== 'PAID_OUT')).toEqual([expect.stringMatching(/^(LOOK_SCHEDULED|NOTHING_TO_DO)$/)]);
    expect(fakes.payments.transfers).toHaveLength(1);
  });

  it('reads again when another writer came first, a bounded number of times, then fails the run for its invoker', async () => {
    const contract = givenPaid(-DAY);
    fakes.clock.set(new Date(Date.parse(contract.payment!.paidAt) + PAYOUT_MIN_AFTER_PAYMENT_MS));
    fakes.contracts.otherWriterBefore(Number.MAX_SAFE_INTEGER);
    const refused = await fire(contract.id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataRefusal);
    expect((refused as DataRefusal).reason).toBe('STALE_VERSION');
    expect(fakes.contracts.stored(contract.id)?.payout).toBeUndefined();
    expect(fakes.payments.transfers).toEqual([]);

    // Two writers first, then the claim goes through.
    fakes.contracts.otherWriterBefore(2);
    expect(await fire(contract.id)).toBe('PAID_OUT');
    expect(fakes.payments.transfers).toHaveLength(1);
  });

  /** The owner's account restricted: the provider refuses their transfers (and answers that key's refusal again). */
  const restricted = () => new PaymentProviderError('invalidRequest', 'The account cannot receive transfers', 400, 'account_invalid');

  it('moves the key on after a refusal that made no transfer: once the owner fixed their account, the retry pays with the new key', async () => {
    const contract = givenPaid(-DAY);
    fakes.clock.set(new Date(Date.parse(contract.payment!.paidAt) + PAYOUT_MIN_AFTER_PAYMENT_MS));
    fakes.payments.refuseTransfers(restricted());
    expect(await fire(contract.id)).toBe('RETRY_SCHEDULED');
    expect(fakes.contracts.stored(contract.id)?.payout).toMatchObject({
      failures: 1,
      keyAttempt: 2,
      claimedAt: null,
      flagged: false,
      lastFailure: expect.stringContaining('account_invalid'),
    });
    const retry = fakes.scheduler.pending.get(`payout-${contract.id}-retry-1`);
    expect(retry?.at).toEqual(new Date(fakes.clock.now().getTime() + JOB_RETRY_DELAYS_MS[0]));

    fakes.payments.refuseTransfers(null);
    fakes.clock.set(retry!.at);
    expect(await fire(contract.id)).toBe('PAID_OUT');
    expect(fakes.payments.transfers.map((transfer) => transfer.idempotencyKey)).toEqual([`payout-${contract.id}-k2`]);
  });

  it('flags the payout for administrators once its retries are spent, and runs it no more', async () => {
    const contract = givenPaid(-DAY);
    fakes.clock.set(new Date(Date.parse(contract.payment!.paidAt) + PAYOUT_MIN_AFTER_PAYMENT_MS));
    fakes.payments.refuseTransfers(restricted());
    for (let failure = 1; failure < PAYOUT_MAX_FAILURES; failure++) expect(await fire(contract.id)).toBe('RETRY_SCHEDULED');
    expect(await fire(contract.id)).toBe('FLAGGED');
    expect(fakes.contracts.stored(contract.id)?.payout).toMatchObject({ failures: PAYOUT_MAX_FAILURES, flagged: true });
    expect(await fire(contract.id)).toBe('NOTHING_TO_DO');
    expect(fakes.payments.transfers).toEqual([]);
    expect(fakes.metrics).toEqual({ PayoutFailed: PAYOUT_MAX_FAILURES });
  });
});
