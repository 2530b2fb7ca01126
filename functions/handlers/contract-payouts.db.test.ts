// The contracts' one-time jobs on DynamoDB Local with the payment simulator: the webhook schedules a
// paid contract's contract-paid job, which schedules the payout, the closing and the rating reminders
// and tells the parties (the receipts once, however often it runs; its own retry when it fails); the payout transfers the owner's share once, even fired twice at the same moment or
// retried after a crash between the transfer and PAYOUT_DONE; a refused transfer is recorded and
// retried with growing delays through the scheduler, then flagged for administrators; CLOSED after the end;
// the rental's rating open at its end all the same.
// A refund (the owner or an administrator, before the payout) stops the payout for good.
// The payout counts a transaction of both parties at arm's length: one per pair of accounts per period.

import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYOUT_DELAY_MS, REPUTATION_PAIR_PERIOD_DAYS } from '@partage/graphql';
import { mailer } from '../adapters/mailer';
import { PaymentProviderError } from '../adapters/payment-errors';
import * as paymentPort from '../adapters/payment-provider';
import { bookedPeriods, getContract, replaceContract } from '../data/contracts';
import { getReputations } from '../data/ratings';
import * as reputationPairs from '../data/reputation-pairs';
import { getSimulatorRecord, simulatedTransfers, updateSimulatorRecord } from '../data/payment-simulator';
import { listOneTimeSchedules } from '../data/scheduled-jobs';
import type { UserRecord } from '../data/users';
import { manualClock, now, useClock } from '../domain/clock';
import { payoutDueAt } from '../domain/contracts/contract-money';
import { PAYOUT_CLAIM_MS, PAYOUT_MAX_FAILURES, JOB_RETRY_DELAYS_MS, payoutRetryScheduleName } from '../domain/contracts/contract-payouts';
import {
  ANONYMOUS,
  asUser,
  errorCodeOf,
  dyingAfterTransfer,
  givenContract,
  givenPaidContract as givenPaidTo,
  givenPayableOwner,
  givenUser,
  resolverCaller,
  routeSimulatorWebhooks,
  useTestOutbox,
} from '../testing/fixtures';
import { handler as contractsHandler } from './contracts';
import { handler as jobs } from './contract-payouts';
import { handler as ratingsHandler } from './ratings';

const outbox = useTestOutbox();
const call = resolverCaller(contractsHandler);
const rate = resolverCaller(ratingsHandler);
const clock = manualClock();
let tenant: UserRecord;

beforeAll(async () => {
  tenant = await givenUser();
  const restoreClock = useClock(clock);
  const restoreFetch = routeSimulatorWebhooks();
  return () => {
    restoreFetch();
    restoreClock();
  };
});

const givenPaidContract = () => givenPaidTo(tenant);

const fireNow = (job: 'contract-paid' | 'contract-payout' | 'contract-close', contractId: string) =>
  jobs({ job, scheduledAt: now().toISOString(), payload: { contractId } });

/** Fires a job as its schedule would: a payout at its due time at the earliest (the clock moved there). */
async function fire(job: 'contract-paid' | 'contract-payout' | 'contract-close', contractId: string) {
  const contract = await getContract(contractId);
  if (job === 'contract-payout' && contract?.payment) clock.set(new Date(Math.max(now().getTime(), payoutDueAt(contract).getTime())));
  return fireNow(job, contractId);
}

describe('the contract-paid job', () => {
  it('schedules its own retry with backoff when it fails, and sends the receipts once however often it runs', async () => {
    const { contract, owner } = await givenPaidContract();
    const receipts = async () => (await outbox.emailsTo(owner.email)).filter((mail) => mail.subject?.startsWith('Receipt'));
    const failing = vi.spyOn(mailer(), 'send').mockRejectedValue(new Error('SES is down'));
    try {
      expect(await fire('contract-paid', contract.id)).toBe('RETRY_SCHEDULED');
    } finally {
      failing.mockRestore();
    }
    expect(await receipts()).toEqual([]);
    const retry = (await listOneTimeSchedules()).find((s) => s.name === `paid-${contract.id}-retry-1`);
    expect(retry).toMatchObject({
      job: 'contract-paid',
      at: new Date(now().getTime() + JOB_RETRY_DELAYS_MS[0]).toISOString(),
      payload: { contractId: contract.id, failures: 1 },
    });
    // What did not fail is in place already; the retry sends the receipts.
    expect((await listOneTimeSchedules()).find((s) => s.name === `payout-${contract.id}`)).toBeDefined();
    expect(await jobs({ job: retry!.job, scheduledAt: retry!.at, payload: retry!.payload })).toBe('TOLD');
    expect(await receipts()).toHaveLength(1);
    // Fired again (a duplicate delivery, twice at once): nothing more is sent.
    expect(await Promise.all([fire('contract-paid', contract.id), fire('contract-paid', contract.id)])).toEqual(['TOLD', 'TOLD']);
    expect(await receipts()).toHaveLength(1);
  });

  it('fails its run once its retries are spent, for its invoker to retry', async () => {
    const { contract } = await givenPaidContract();
    const failing = vi.spyOn(mailer(), 'send').mockRejectedValue(new Error('SES is down'));
    try {
      const lastTry = { contractId: contract.id, failures: JOB_RETRY_DELAYS_MS.length };
      await expect(jobs({ job: 'contract-paid', scheduledAt: now().toISOString(), payload: lastTry })).rejects.toThrow('SES is down');
    } finally {
      failing.mockRestore();
    }
    expect((await listOneTimeSchedules()).filter((s) => s.name.startsWith(`paid-${contract.id}-retry`))).toEqual([]);
  });
});

describe('the payout job', () => {
  it('is scheduled at start + PAYOUT_DELAY_MS by the contract-paid job, which the payment scheduled at once, with the closing at the end', async () => {
    const { contract } = await givenPaidContract();
    const { startAt, endAt } = (await getContract(contract.id))!.content;
    const pending = async () => (await listOneTimeSchedules()).filter((s) => s.payload.contractId === contract.id);
    // The webhook schedules only the contract-paid job, due at once: the rest is that job's.
    expect(await pending()).toEqual([
      expect.objectContaining({ name: `paid-${contract.id}`, job: 'contract-paid', at: now().toISOString() }),
    ]);
    expect(await fire('contract-paid', contract.id)).toBe('TOLD');
    expect((await pending()).find((s) => s.name === `payout-${contract.id}`)).toMatchObject({
      job: 'contract-payout',
      at: new Date(Date.parse(startAt) + PAYOUT_DELAY_MS).toISOString(),
    });
    expect((await pending()).find((s) => s.name === `close-${contract.id}`)).toMatchObject({ job: 'contract-close', at: endAt });
    // And the reminders to rate the rental once over (rating-reminders.db.test.ts).
    expect((await pending()).filter((s) => s.job === 'rating-reminder')).toHaveLength(2);
  });

  it("transfers the owner's share from the charge, in the contract's group, then PAYOUT_DONE and an e-mail to the owner", async () => {
    const { contract, owner, accountId, session } = await givenPaidContract();
    expect(await fire('contract-payout', contract.id)).toBe('PAID_OUT');
    const [transfer, ...more] = await simulatedTransfers(accountId);
    expect(more).toEqual([]);
    expect(transfer).toMatchObject({ amountCents: 25_000, sourceTransaction: session.chargeId, transferGroup: contract.id });
    const stored = (await getContract(contract.id))!;
    expect(stored).toMatchObject({ status: 'PAYOUT_DONE', payout: { transferId: transfer!.transferId, claimedAt: null, failures: 0 } });
    expect(stored.history.at(-1)).toMatchObject({ kind: 'PAYOUT_DONE', actorId: null });
    const [mail] = await outbox.emailsTo(owner.email);
    expect(mail?.subject).toBe(`Payout sent: contract no. ${contract.id}`);
    // Fired again afterwards: nothing more.
    expect(await fire('contract-payout', contract.id)).toBe('NOTHING_TO_DO');
    expect(await simulatedTransfers(accountId)).toHaveLength(1);
    // Paid and paid out: one transaction on the owner's public profile, counted once.
    expect((await getReputations([owner.id])).get(owner.id)).toMatchObject({ transactionsCount: 1 });
  });

  it('transfers once when the schedule fires twice at the same moment', async () => {
    const { contract, accountId } = await givenPaidContract();
    const outcomes = await Promise.all([fire('contract-payout', contract.id), fire('contract-payout', contract.id)]);
    // The other run finds the claim held (and looks again later), or, on a slow machine, the payout done.
    expect(outcomes.filter((outcome) => outcome === 'PAID_OUT')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== 'PAID_OUT')).toEqual([expect.stringMatching(/^(LOOK_SCHEDULED|NOTHING_TO_DO)$/)]);
    expect(await simulatedTransfers(accountId)).toHaveLength(1);
  });

  it('does not transfer twice when the run crashed after the transfer and before PAYOUT_DONE', async () => {
    const { contract, accountId } = await givenPaidContract();
    await expect(dyingAfterTransfer(() => fire('contract-payout', contract.id))).rejects.toThrow('Lambda timed out');
    expect((await getContract(contract.id))?.status).toBe('PAID');
    // The invoker's retry within the claim does not stop for good: it schedules a look once the claim has lapsed,
    // which finds the transfer the dead run made.
    const claimedAt = Date.parse((await getContract(contract.id))!.payout!.claimedAt!);
    expect(await fire('contract-payout', contract.id)).toBe('LOOK_SCHEDULED');
    const look = (await listOneTimeSchedules()).find((s) => s.name.startsWith(`payout-${contract.id}-look-`));
    expect(look).toMatchObject({ job: 'contract-payout', at: new Date(claimedAt + PAYOUT_CLAIM_MS + 1_000).toISOString() });
    clock.set(look!.at);
    expect(await jobs({ job: look!.job, scheduledAt: look!.at, payload: look!.payload })).toBe('PAID_OUT');
    const transfers = await simulatedTransfers(accountId);
    expect(transfers).toHaveLength(1);
    expect((await getContract(contract.id))?.payout?.transferId).toBe(transfers[0]!.transferId);
  });

  it('records a refused transfer and schedules its retry with a new key 5 min, 30 min, then 2 h later, then flags it for administrators', async () => {
    const { contract, accountId } = await givenPaidContract();
    await updateSimulatorRecord('ACCOUNT', accountId, { payoutsEnabled: false }); // the account was restricted
    expect(JOB_RETRY_DELAYS_MS).toEqual([300_000, 1_800_000, 7_200_000]);
    for (let failure = 1; failure < PAYOUT_MAX_FAILURES; failure++) {
      expect(await fire('contract-payout', contract.id)).toBe('RETRY_SCHEDULED');
      expect((await getContract(contract.id))?.payout).toMatchObject({
        failures: failure,
        keyAttempt: failure + 1,
        claimedAt: null,
        flagged: false,
        lastFailure: expect.stringContaining('account_invalid'),
      });
      const retry = (await listOneTimeSchedules()).find((s) => s.name === payoutRetryScheduleName(contract.id, failure));
      expect(retry).toMatchObject({
        job: 'contract-payout',
        at: new Date(now().getTime() + JOB_RETRY_DELAYS_MS[failure - 1]!).toISOString(),
        payload: { contractId: contract.id },
      });
      clock.advance(JOB_RETRY_DELAYS_MS[failure - 1]!);
    }
    expect(await fire('contract-payout', contract.id)).toBe('FLAGGED');
    expect((await getContract(contract.id))?.payout).toMatchObject({ failures: PAYOUT_MAX_FAILURES, flagged: true });
    expect(await fire('contract-payout', contract.id)).toBe('NOTHING_TO_DO');
    expect(await simulatedTransfers(accountId)).toEqual([]);
  });
});

describe('the closing job', () => {
  it('closes a paid-out contract once its end has passed, and leaves a contract not yet paid out to its payout', async () => {
    const { contract } = await givenPaidContract();
    const { endAt } = (await getContract(contract.id))!.content;
    expect(await fire('contract-close', contract.id)).toBe('NOTHING_TO_DO'); // PAID, before the end
    await fire('contract-payout', contract.id);
    expect(await fire('contract-close', contract.id)).toBe('NOTHING_TO_DO'); // before the end
    clock.set(new Date(Date.parse(endAt) + 1_000));
    expect(await fire('contract-close', contract.id)).toBe('CLOSED');
    expect((await getContract(contract.id))?.history.at(-1)).toMatchObject({ kind: 'CLOSED', actorId: null, status: 'CLOSED' });
    expect(await fire('contract-close', contract.id)).toBe('NOTHING_TO_DO');
  });

  it('is done by the payout itself when the rental ended before the payout ran', async () => {
    const { contract } = await givenPaidContract();
    const { endAt } = (await getContract(contract.id))!.content;
    clock.set(new Date(Date.parse(endAt) + 1_000));
    expect(await fire('contract-close', contract.id)).toBe('NOTHING_TO_DO'); // still PAID
    expect(await fire('contract-payout', contract.id)).toBe('PAID_OUT');
    expect((await getContract(contract.id))?.status).toBe('CLOSED');
  });
});

describe('refundContract', () => {
  const refund = (user: Pick<UserRecord, 'id' | 'role'>, contractId: string) =>
    call(
      'Mutation.refundContract',
      { input: { contractId, expectedVersion: 1, ...(user.role === 'ADMIN' ? { reason: 'Asked by the tenant' } : {}) } },
      asUser(user),
    );

  it('refunds the tenant in full, makes the contract REFUNDED, frees its dates, tells both, and the payout then does nothing', async () => {
    const { contract, owner, accountId } = await givenPaidContract();
    expect(await refund(owner, contract.id)).toMatchObject({ status: 'REFUNDED', availableActions: [] });
    expect(await getSimulatorRecord('CALL', `refund-contract-${contract.id}#answer`)).toBeDefined();
    const stored = (await getContract(contract.id))!;
    expect(stored.history.at(-1)).toMatchObject({ kind: 'REFUNDED', actorId: owner.id, status: 'REFUNDED' });
    expect(stored.refund).toBeUndefined();
    expect(Object.values(stored.refunds!)).toEqual([
      expect.objectContaining({ amountCents: 25_000, origin: 'PLATFORM', state: 'SUCCEEDED' }),
    ]);
    expect(await bookedPeriods(contract.adId, now().toISOString())).toEqual([]);
    expect((await outbox.emailsTo(owner.email))[0]?.subject).toBe(`Contract no. ${contract.id} refunded`);
    expect((await outbox.emailsTo(tenant.email))[0]?.subject).toBe(`Contrat n° ${contract.id} remboursé`);
    expect(await fire('contract-payout', contract.id)).toBe('NOTHING_TO_DO');
    expect(await simulatedTransfers(accountId)).toEqual([]);
  });

  it('is the owner’s or an administrator’s only, and only before the payout', async () => {
    const { contract } = await givenPaidContract();
    const [stranger, admin] = await Promise.all([givenUser(), givenUser({ role: 'ADMIN' })]);
    expect(errorCodeOf(await refund(tenant, contract.id))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await refund(stranger, contract.id))).toBe('UNAUTHORIZED_ACCESS');
    expect(await refund(admin, contract.id)).toMatchObject({ status: 'REFUNDED' });

    const paidOut = await givenPaidContract();
    await fire('contract-payout', paidOut.contract.id);
    expect(errorCodeOf(await refund(paidOut.owner, paidOut.contract.id))).toBe('CONTRACT_STATUS_CONFLICT');
  });

  it('is refused while a payout run holds its claim', async () => {
    const { contract, owner } = await givenPaidContract();
    const stored = (await getContract(contract.id))!;
    await replaceContract(stored, {
      ...stored,
      payout: { claimedAt: now().toISOString(), keyAttempt: 1, failures: 0, flagged: false },
    });
    expect(errorCodeOf(await refund(owner, contract.id))).toBe('CONTRACT_STATUS_CONFLICT');
  });

  it('leaves the contract PAID and its payout possible when the provider fails', async () => {
    const { contract, owner, accountId } = await givenPaidContract();
    const real = await paymentPort.paymentProvider();
    const spy = vi.spyOn(paymentPort, 'paymentProvider').mockResolvedValue({
      ...real,
      createRefund: () => Promise.reject(new PaymentProviderError('connection', 'Stripe is down')),
    });
    try {
      expect(errorCodeOf(await refund(owner, contract.id))).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    } finally {
      spy.mockRestore();
    }
    const stored = (await getContract(contract.id))!;
    expect(stored.status).toBe('PAID');
    expect(stored.refund).toBeUndefined();
    expect(await fire('contract-payout', contract.id)).toBe('PAID_OUT');
    expect(await simulatedTransfers(accountId)).toHaveLength(1);
  });
});

/** A paid contract whose payout the provider refused PAYOUT_MAX_FAILURES times (the owner's account restricted). */
async function givenFlaggedPayout() {
  const paid = await givenPaidContract();
  await updateSimulatorRecord('ACCOUNT', paid.accountId, { payoutsEnabled: false });
  for (let failure = 1; failure < PAYOUT_MAX_FAILURES; failure++)
    expect(await fire('contract-payout', paid.contract.id)).toBe('RETRY_SCHEDULED');
  expect(await fire('contract-payout', paid.contract.id)).toBe('FLAGGED');
  return paid;
}

describe('administrators: the contracts list and the retry of a flagged payout', () => {
  type Page = {
    items: { id: string; status: string; availableActions: string[]; payout: { flagged: boolean; overdue: boolean } | null }[];
    nextToken: string | null;
  };
  const list = async (admin: Pick<UserRecord, 'id' | 'role'>, filter: string, nextToken?: string | null) =>
    (await call('Query.adminContracts', { filter, limit: 50, nextToken }, asUser(admin))) as Page;

  it('lists the flagged payouts apart; a retry that is refused again flags it again, one that goes through pays out and leaves the list', async () => {
    const admin = await givenUser({ role: 'ADMIN' });
    const { contract, accountId } = await givenFlaggedPayout();
    const unflagged = await givenPaidContract();

    const flagged = await list(admin, 'PAYOUT_FLAGGED');
    expect(flagged.items.map((line) => line.id)).toContain(contract.id);
    expect(flagged.items.map((line) => line.id)).not.toContain(unflagged.contract.id);
    expect(flagged.items.find((line) => line.id === contract.id)).toMatchObject({
      status: 'PAID',
      availableActions: ['REFUND', 'RETRY_PAYOUT'],
      payout: { flagged: true, failures: PAYOUT_MAX_FAILURES, lastFailure: expect.stringContaining('account_invalid'), paidOutAt: null },
    });
    const all = await list(admin, 'ALL');
    expect(all.items.map((line) => line.id)).toEqual(expect.arrayContaining([contract.id, unflagged.contract.id]));

    // Still restricted: refused again, flagged again at once, with its reason.
    const retry = () => call('Mutation.retryContractPayout', { input: { contractId: contract.id } }, asUser(admin));
    expect(await retry()).toMatchObject({ status: 'PAID', payout: { flagged: true, failures: PAYOUT_MAX_FAILURES + 1 } });
    expect(await simulatedTransfers(accountId)).toEqual([]);

    // The owner fixed their account: the retry pays out once, and the payout leaves the flagged list.
    await updateSimulatorRecord('ACCOUNT', accountId, { payoutsEnabled: true });
    // An administrator may still refund it, now by reversing the transfer first.
    expect(await retry()).toMatchObject({ status: 'PAYOUT_DONE', availableActions: ['REFUND'], payout: { flagged: false } });
    expect(await simulatedTransfers(accountId)).toHaveLength(1);
    expect((await list(admin, 'PAYOUT_FLAGGED')).items.map((line) => line.id)).not.toContain(contract.id);
    expect(errorCodeOf(await retry())).toBe('CONTRACT_STATUS_CONFLICT');
  });

  it('shows a payout whose job never ran as overdue an hour past its due time, and runs it on request', async () => {
    const admin = await givenUser({ role: 'ADMIN' });
    const { contract, accountId } = await givenPaidContract();
    const lineOf = async () => (await list(admin, 'ALL')).items.find((line) => line.id === contract.id)!;
    const due = payoutDueAt((await getContract(contract.id))!);
    clock.set(new Date(due.getTime() + 30 * 60_000));
    expect(await lineOf()).toMatchObject({ availableActions: ['REFUND'], payout: { overdue: false } });
    // Its job failed for good (the FailedJobs queue) or its schedule was lost: nothing ran it.
    clock.set(new Date(due.getTime() + 2 * 60 * 60_000));
    expect(await lineOf()).toMatchObject({ availableActions: ['REFUND', 'RETRY_PAYOUT'], payout: { overdue: true } });
    const retried = await call('Mutation.retryContractPayout', { input: { contractId: contract.id } }, asUser(admin));
    expect(retried).toMatchObject({ status: 'PAYOUT_DONE', payout: { overdue: false } });
    expect(await simulatedTransfers(accountId)).toHaveLength(1);
  });

  it('pages through every contract newest first, and refuses a retry of a payout that is not flagged', async () => {
    const admin = await givenUser({ role: 'ADMIN' });
    const older = await givenContract(tenant);
    clock.advance(1_000); // the clock of these tests moves only when told
    const newer = await givenContract(tenant);
    const first = (await call('Query.adminContracts', { filter: 'ALL', limit: 1 }, asUser(admin))) as Page;
    expect(first.items).toHaveLength(1);
    expect(first.nextToken).toEqual(expect.any(String));
    const ids: string[] = [];
    let page: Page = first;
    for (;;) {
      ids.push(...page.items.map((line) => line.id));
      if (!page.nextToken) break;
      page = (await call('Query.adminContracts', { filter: 'ALL', limit: 20, nextToken: page.nextToken }, asUser(admin))) as Page;
    }
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(errorCodeOf(await call('Mutation.retryContractPayout', { input: { contractId: newer.id } }, asUser(admin)))).toBe(
      'CONTRACT_STATUS_CONFLICT',
    );
    expect(errorCodeOf(await call('Query.adminContracts', { filter: 'ALL', nextToken: 'forged' }, asUser(admin)))).toBe(
      'VALIDATION_FAILED',
    );
  });
});

describe('adBookedPeriods (the ad page’s booked dates)', () => {
  it('shows anyone the dates a paid contract keeps, and nothing of a proposal not being paid; none after a refund', async () => {
    const { contract, owner } = await givenPaidContract();
    const { content } = (await getContract(contract.id))!;
    const booked = () => call('Query.adBookedPeriods', { adId: contract.adId }, ANONYMOUS);
    expect(await booked()).toEqual([{ precision: 'DAY', start: content.start, end: content.end }]);
    await call('Mutation.refundContract', { input: { contractId: contract.id, expectedVersion: 1 } }, asUser(owner));
    expect(await booked()).toEqual([]);
    const proposal = await givenContract(tenant);
    expect(await call('Query.adBookedPeriods', { adId: proposal.adId }, ANONYMOUS)).toEqual([]);
    expect(await call('Query.adBookedPeriods', { adId: 'no-such-ad' }, ANONYMOUS)).toBeNull();
  });
});

describe('the rating of a paid rental', () => {
  it('opens at its end though its payout is refused and flagged: both parties find it among their ratings to give', async () => {
    const { contract, owner } = await givenFlaggedPayout();
    expect(await fireNow('contract-paid', contract.id)).toBe('TOLD');
    const toGive = async (user: Pick<UserRecord, 'id' | 'role'>) =>
      ((await rate('Query.myRatingsToGive', {}, asUser(user))) as { id: string; status: string }[]).filter(
        (line) => line.id === contract.id,
      );
    expect(await toGive(owner)).toEqual([]);
    clock.set(new Date(Date.parse((await getContract(contract.id))!.content.endAt) + 60_000));
    for (const user of [owner, tenant]) expect(await toGive(user)).toEqual([expect.objectContaining({ status: 'PAID' })]);
    const party = { respectOfContract: 4, communication: 5, reliability: 5 };
    expect(await rate('Mutation.submitRating', { input: { contractId: contract.id, party } }, asUser(owner))).toMatchObject({
      mine: { party },
    });
  });
});

describe('the transactions count, at arm’s length', () => {
  /** Two accounts that can be paid, and their transaction counts. */
  async function givenPair() {
    const [first, second] = await Promise.all([givenPayableOwner(), givenPayableOwner()]);
    const counts = async () => [...(await getReputations([first.owner.id, second.owner.id])).values()].map((r) => r.transactionsCount);
    return { first, second, counts };
  }

  it('counts the rentals paid out between the same two accounts, either way round, once per period', async () => {
    const { first, second, counts } = await givenPair();
    // The second rents from the first three times, then the first from the second (the pair is unordered).
    for (const [renter, payee] of [
      [second, first],
      [second, first],
      [second, first],
      [first, second],
    ] as const) {
      const { contract } = await givenPaidTo(renter.owner, payee);
      expect(await fire('contract-payout', contract.id)).toBe('PAID_OUT');
    }
    expect(await counts()).toEqual([1, 1]);
    // A third account's rental counts for its parties.
    const { contract: other } = await givenPaidTo(second.owner);
    expect(await fire('contract-payout', other.id)).toBe('PAID_OUT');
    expect(await counts()).toEqual([1, 2]);
    // Once the period from the one counted is over, the pair's next one counts again.
    clock.advance(REPUTATION_PAIR_PERIOD_DAYS * 86_400_000);
    const { contract: later } = await givenPaidTo(second.owner, first);
    expect(await fire('contract-payout', later.id)).toBe('PAID_OUT');
    expect(await counts()).toEqual([2, 3]);
  });

  it('counts one of two payouts at once between the same accounts; the other is paid out all the same', async () => {
    const { first, second, counts } = await givenPair();
    const contracts = [(await givenPaidTo(second.owner, first)).contract, (await givenPaidTo(second.owner, first)).contract];
    // Both due, and both runs read the pair before either writes.
    const dues = await Promise.all(contracts.map(async (contract) => payoutDueAt((await getContract(contract.id))!).getTime()));
    clock.set(new Date(Math.max(now().getTime(), ...dues)));
    const readPairs = reputationPairs.readPairs;
    const readers: (() => void)[] = [];
    const together = vi.spyOn(reputationPairs, 'readPairs').mockImplementation(async (keys) => {
      const read = await readPairs(keys);
      await new Promise<void>((resolve) => {
        readers.push(resolve);
        if (readers.length === 2) for (const go of readers) go();
      });
      return read;
    });
    const runs = await Promise.allSettled(contracts.map((contract) => fireNow('contract-payout', contract.id)));
    together.mockRestore();
    expect(runs.map((run) => run.status).sort()).toEqual(['fulfilled', 'rejected']);
    // The run refused on the pair (STALE_VERSION) fails, for its invoker; the look once its claim lapses finishes it.
    clock.advance(PAYOUT_CLAIM_MS + 1_000);
    for (const [index, run] of runs.entries()) {
      if (run.status === 'rejected') expect(await fire('contract-payout', contracts[index]!.id)).toBe('PAID_OUT');
    }
    for (const contract of contracts) expect((await getContract(contract.id))!.status).toBe('PAYOUT_DONE');
    expect(await simulatedTransfers(first.accountId)).toHaveLength(2);
    expect(await counts()).toEqual([1, 1]);
  });
});
