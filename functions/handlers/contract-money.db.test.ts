// Money after the payment, on DynamoDB Local with the payment simulator (issue 37): refunds made in the
// provider's dashboard, disputes, an administrator's partial refund and refund after the payout, a
// payout run that died after its transfer, and a payout fired before its time. Every event reaches the
// webhook as the provider's would (signed, after the call that caused it has answered).

import { beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_MIN_AFTER_PAYMENT_MS } from '@partage/graphql';
import { actOnCharge, simulatorEventsDelivered } from '../adapters/payment-simulator';
import { bookedPeriods, getContract } from '../data/contracts';
import { getSimulatorRecord, simulatedTransfers } from '../data/payment-simulator';
import { getReputations } from '../data/ratings';
import { listOneTimeSchedules } from '../data/scheduled-jobs';
import type { UserRecord } from '../data/users';
import { manualClock, now, useClock } from '../domain/clock';
import { payoutDueAt } from '../domain/contracts/contract-money';
import { mirrorRefund, recordReversal } from '../domain/contracts/contract-refunds';
import { onTransferReversed } from '../domain/contracts/contract-disputes';
import { conversationMessages } from '../domain/chat/messages';
import {
  asUser,
  dyingAfterTransfer,
  errorCodeOf,
  givenPaidContract,
  givenPayableOwner,
  givenUser,
  resolverCaller,
  routeSimulatorWebhooks,
  useTestOutbox,
} from '../testing/fixtures';
import { handler as contractsHandler } from './contracts';
import { handler as jobs } from './contract-payouts';

const TEAM = 'equipe@partage.test';
const outbox = useTestOutbox();
const call = resolverCaller(contractsHandler);
const clock = manualClock();
let tenant: UserRecord;
let admin: UserRecord;

beforeAll(async () => {
  [tenant, admin] = await Promise.all([givenUser(), givenUser({ role: 'ADMIN' })]);
  process.env.CONTACT_EMAIL = TEAM;
  const restoreClock = useClock(clock);
  const restoreFetch = routeSimulatorWebhooks();
  return () => {
    delete process.env.CONTACT_EMAIL;
    restoreFetch();
    restoreClock();
  };
});

/** Runs the payout job at its due time (the clock moved there), as its schedule would. */
async function payOut(contractId: string) {
  clock.set(new Date(Math.max(now().getTime(), payoutDueAt((await getContract(contractId))!).getTime())));
  return jobs({ job: 'contract-payout', scheduledAt: now().toISOString(), payload: { contractId } });
}

/** What the provider's dashboard (or the bank) does to the contract's charge, and its events handled. */
async function atProvider(sessionId: string, action: Parameters<typeof actOnCharge>[1], amountCents?: number) {
  const { chargeId } = (await getSimulatorRecord('SESSION', sessionId))!;
  await actOnCharge(chargeId, action, { amountCents });
  await simulatorEventsDelivered();
}

const adminRefund = (contractId: string, expectedVersion: number, extra: { amountCents?: number; reason?: string } = {}) =>
  call('Mutation.refundContract', { input: { contractId, expectedVersion, reason: 'Le locataire a annulé', ...extra } }, asUser(admin));

const transactions = async (userId: string) => (await getReputations([userId])).get(userId)?.transactionsCount ?? 0;

describe('refunds made in the provider dashboard', () => {
  it('a full refund before the payout makes the contract REFUNDED, frees its dates, and the payout transfers nothing', async () => {
    const { contract, accountId, session } = await givenPaidContract(tenant);
    await atProvider(session.sessionId, 'refund');
    const stored = (await getContract(contract.id))!;
    expect(stored.status).toBe('REFUNDED');
    expect(Object.values(stored.refunds!)).toEqual([
      expect.objectContaining({ amountCents: 25_000, origin: 'OUTSIDE', state: 'SUCCEEDED' }),
    ]);
    expect(stored.history.at(-1)).toMatchObject({ kind: 'REFUNDED', actorId: null });
    expect(await bookedPeriods(contract.adId, now().toISOString())).toEqual([]);
    expect(await payOut(contract.id)).toBe('NOTHING_TO_DO');
    expect(await simulatedTransfers(accountId)).toEqual([]);
  });

  it("a partial refund before the payout reduces the owner's share: the payout transfers the rest", async () => {
    const { contract, owner, accountId, session } = await givenPaidContract(tenant);
    await atProvider(session.sessionId, 'refund', 5_000);
    const view = await call('Query.contract', { id: contract.id }, asUser(owner));
    expect(view).toMatchObject({
      status: 'PAID',
      money: { paidCents: 25_000, refundedCents: 5_000, ownerShareCents: 20_000, refunds: [{ amountCents: 5_000, origin: 'OUTSIDE' }] },
    });
    expect((await outbox.emailsTo(owner.email)).map((mail) => mail.subject)).toContain(`Partial refund: contract no. ${contract.id}`);
    expect(await payOut(contract.id)).toBe('PAID_OUT');
    expect((await simulatedTransfers(accountId)).map((transfer) => transfer.amountCents)).toEqual([20_000]);
  });

  it("a refund after the payout takes back from the owner's transfer what it takes from their share", async () => {
    const { contract, accountId, session } = await givenPaidContract(tenant);
    expect(await payOut(contract.id)).toBe('PAID_OUT');
    await atProvider(session.sessionId, 'refund', 10_000);
    const [transfer] = await simulatedTransfers(accountId);
    expect(transfer?.amountReversedCents).toBe(10_000);
    expect((await getContract(contract.id))!).toMatchObject({ status: 'PAYOUT_DONE' });
    // The rest, refunded too: all back, the owner's whole transfer reversed, the rental out of both counts.
    await atProvider(session.sessionId, 'refund');
    expect((await simulatedTransfers(accountId))[0]?.amountReversedCents).toBe(25_000);
    const stored = (await getContract(contract.id))!;
    expect(stored.status).toBe('REFUNDED');
    expect(await transactions(stored.ownerId)).toBe(0);
    expect(await transactions(tenant.id)).toBeGreaterThanOrEqual(0);
  });

  it('ignores a refund of another payment of the contract (a late payment of an earlier attempt, refunded when it came)', async () => {
    const { contract, session } = await givenPaidContract(tenant);
    const refundOfOther = { chargeId: 'ch_other', paymentIntentId: 'pi_other' };
    await mirrorRefund({
      kind: 'REFUND',
      ...refundOfOther,
      refund: { refundId: 're_other', amountCents: 25_000, state: 'SUCCEEDED', contractId: contract.id },
    });
    expect((await getContract(contract.id))!).toMatchObject({ status: 'PAID', payment: { sessionId: session.sessionId } });
    expect((await getContract(contract.id))!.refunds).toBeUndefined();
  });
});

describe('disputes', () => {
  it('hold the payout and the refunds while open, tell the team and both parties; won, the payout runs', async () => {
    const { contract, owner, accountId, session } = await givenPaidContract(tenant);
    await atProvider(session.sessionId, 'dispute');
    const stored = (await getContract(contract.id))!;
    expect(stored.dispute).toMatchObject({ state: 'OPEN', reason: 'fraudulent', evidenceDueBy: expect.any(String) });
    expect(stored.history.at(-1)).toMatchObject({ kind: 'DISPUTE_OPENED' });
    expect((await outbox.emailsTo(TEAM)).map((mail) => mail.subject)).toContain(`Litige ouvert : contrat n° ${contract.id}`);
    expect((await outbox.emailsTo(owner.email)).map((mail) => mail.subject)).toContain(`Payment disputed: contract no. ${contract.id}`);
    expect(await payOut(contract.id)).toBe('HELD');
    expect(errorCodeOf(await adminRefund(contract.id, 1))).toBe('CONTRACT_DISPUTED');
    const line = (
      (await call('Query.adminContracts', { filter: 'MONEY_ATTENTION', limit: 50 }, asUser(admin))) as { items: { id: string }[] }
    ).items;
    expect(line.map((item) => item.id)).toContain(contract.id);
    expect(await simulatedTransfers(accountId)).toEqual([]);

    await atProvider(session.sessionId, 'disputeWon');
    expect((await getContract(contract.id))!.dispute?.state).toBe('WON');
    const resume = (await listOneTimeSchedules()).find((s) => s.name.startsWith(`payout-${contract.id}-resume-`));
    expect(resume).toMatchObject({ job: 'contract-payout' });
    clock.set(resume!.at);
    expect(await jobs({ job: resume!.job, scheduledAt: resume!.at, payload: resume!.payload })).toBe('PAID_OUT');
    expect((await simulatedTransfers(accountId)).map((transfer) => transfer.amountCents)).toEqual([25_000]);
  });

  it("lost after the payout: the owner's transfer is reversed, the contract REFUNDED, the rental out of both counts", async () => {
    const { contract, owner, accountId, session } = await givenPaidContract(tenant);
    expect(await payOut(contract.id)).toBe('PAID_OUT');
    expect(await transactions(owner.id)).toBe(1);
    await atProvider(session.sessionId, 'dispute');
    await atProvider(session.sessionId, 'disputeLost');
    expect((await simulatedTransfers(accountId))[0]?.amountReversedCents).toBe(25_000);
    const view = await call('Query.contract', { id: contract.id }, asUser(owner));
    expect(view).toMatchObject({
      status: 'REFUNDED',
      money: { reversedCents: 25_000, dispute: { state: 'LOST' } },
      availableActions: [],
    });
    expect((view as { history: { kind: string }[] }).history.map((step) => step.kind)).toEqual(
      expect.arrayContaining(['DISPUTE_OPENED', 'PAYOUT_REVERSED', 'DISPUTE_LOST']),
    );
    expect(await transactions(owner.id)).toBe(0);
    expect((await outbox.emailsTo(TEAM)).map((mail) => mail.subject)).toContain(`Litige perdu : contrat n° ${contract.id}`);
    // The administrators' list dates the refund by the dispute lost that made it.
    const { items } = (await call('Query.adminContracts', { filter: 'ALL', limit: 50 }, asUser(admin))) as {
      items: { id: string; refundedAt: string | null }[];
    };
    const lost = (await getContract(contract.id))!.history.find((step) => step.kind === 'DISPUTE_LOST')!;
    expect(items.find((line) => line.id === contract.id)?.refundedAt).toBe(lost.at);
  });

  it('tells a reversal of the payout once, whether its transfer.reversed event or its own call records it first', async () => {
    const { contract } = await givenPaidContract(tenant);
    expect(await payOut(contract.id)).toBe('PAID_OUT');
    const paidOut = (await getContract(contract.id))!;
    // The provider's event first (a floor of 5 000), then the platform's call records the same reversal by its id.
    await onTransferReversed({
      kind: 'TRANSFER_REVERSED',
      transferId: paidOut.payout!.transferId!,
      transferGroup: contract.id,
      amountReversedCents: 5_000,
    } as Parameters<typeof onTransferReversed>[0]);
    await recordReversal(contract.id, 'trr_race', 5_000);
    const steps = (await getContract(contract.id))!.history.filter((step) => step.kind === 'PAYOUT_REVERSED');
    expect(steps).toHaveLength(1);
  });

  it('takes out of the counts only the rental its pair counted; the pair counts its next one then (arm’s length)', async () => {
    const payee = await givenPayableOwner();
    const counted = await givenPaidContract(tenant, payee);
    expect(await payOut(counted.contract.id)).toBe('PAID_OUT');
    const uncounted = await givenPaidContract(tenant, payee);
    expect(await payOut(uncounted.contract.id)).toBe('PAID_OUT');
    expect(await transactions(payee.owner.id)).toBe(1);
    const lose = async (sessionId: string) => {
      await atProvider(sessionId, 'dispute');
      await atProvider(sessionId, 'disputeLost');
    };

    // The second rental was in no count: losing it takes nothing away.
    await lose(uncounted.session.sessionId);
    expect((await getContract(uncounted.contract.id))!.status).toBe('REFUNDED');
    expect(await transactions(payee.owner.id)).toBe(1);
    // The counted one leaves the counts, and frees the pair: its next rental counts.
    await lose(counted.session.sessionId);
    expect(await transactions(payee.owner.id)).toBe(0);
    const next = await givenPaidContract(tenant, payee);
    expect(await payOut(next.contract.id)).toBe('PAID_OUT');
    expect(await transactions(payee.owner.id)).toBe(1);
  });
});

describe('an early fraud warning', () => {
  it('lists the contract for administrators and tells the team; a refund ends it', async () => {
    const { contract, session } = await givenPaidContract(tenant);
    await atProvider(session.sessionId, 'fraudWarning');
    const listed = async () =>
      (
        (await call('Query.adminContracts', { filter: 'MONEY_ATTENTION', limit: 50 }, asUser(admin))) as {
          items: { id: string; fraudWarning: string | null }[];
        }
      ).items.find((line) => line.id === contract.id);
    expect(await listed()).toMatchObject({ fraudWarning: 'made_with_stolen_card' });
    expect((await outbox.emailsTo(TEAM)).map((mail) => mail.subject)).toContain(`Avertissement de fraude : contrat n° ${contract.id}`);
    // Another warning of the same charge (another id) is told too.
    await atProvider(session.sessionId, 'fraudWarning');
    expect(
      (await outbox.emailsTo(TEAM)).filter((mail) => mail.subject?.includes(contract.id) && mail.subject.startsWith('Avertissement')),
    ).toHaveLength(2);
    expect(await adminRefund(contract.id, 1)).toMatchObject({ status: 'REFUNDED' });
    expect(await listed()).toBeUndefined();
  });
});

describe("an administrator's refunds", () => {
  it('in part with a reason, then the rest after the payout: the transfer reversed first, then the refund', async () => {
    const { contract, owner, accountId } = await givenPaidContract(tenant);
    expect(await adminRefund(contract.id, 1, { amountCents: 5_000 })).toMatchObject({
      status: 'PAID',
      money: {
        refundedCents: 5_000,
        ownerShareCents: 20_000,
        refunds: [{ amountCents: 5_000, origin: 'PLATFORM', reason: 'Le locataire a annulé' }],
      },
    });
    // A second part on the same version has its own line in the conversation (asked once the first's
    // events are in: asked while they land, the contract changed under it and it is refused CONTRACT_CHANGED).
    await simulatorEventsDelivered();
    expect(errorCodeOf(await adminRefund(contract.id, 1, { amountCents: 1_000 }))).toBeUndefined();
    const lines = (await conversationMessages(asUser(tenant), { conversationId: contract.conversationId })).items.filter(
      (message) => message.contractStep?.kind === 'PARTLY_REFUNDED',
    );
    expect(lines).toHaveLength(2);
    expect(errorCodeOf(await adminRefund(contract.id, 1, { amountCents: 19_001 }))).toBe('REFUND_TOO_LARGE');
    expect(errorCodeOf(await adminRefund(contract.id, 1, { reason: '  ' }))).toBe('VALIDATION_FAILED');
    const ownerAsks = await call(
      'Mutation.refundContract',
      { input: { contractId: contract.id, expectedVersion: 1, amountCents: 100 } },
      asUser(owner),
    );
    expect(errorCodeOf(ownerAsks)).toBe('UNAUTHORIZED_ACCESS');
    await simulatorEventsDelivered();
    expect(await payOut(contract.id)).toBe('PAID_OUT');
    expect((await simulatedTransfers(accountId)).map((transfer) => transfer.amountCents)).toEqual([19_000]);

    expect(await adminRefund(contract.id, 1)).toMatchObject({
      status: 'REFUNDED',
      money: { refundedCents: 25_000, reversedCents: 19_000 },
    });
    await simulatorEventsDelivered();
    const stored = (await getContract(contract.id))!;
    expect(stored.status).toBe('REFUNDED');
    expect(
      Object.values(stored.refunds!)
        .map((refund) => refund.amountCents)
        .sort(),
    ).toEqual([1_000, 19_000, 5_000]);
    expect((await simulatedTransfers(accountId))[0]?.amountReversedCents).toBe(19_000);
  });

  it('after a payout run died past its transfer: the transfer is found first; the owner may no longer refund, an administrator reverses it', async () => {
    const { contract, owner, accountId } = await givenPaidContract(tenant);
    await expect(dyingAfterTransfer(() => payOut(contract.id))).rejects.toThrow('Lambda timed out');
    clock.advance(60_000 + 1_000); // the dead run's claim has lapsed
    expect(
      errorCodeOf(await call('Mutation.refundContract', { input: { contractId: contract.id, expectedVersion: 1 } }, asUser(owner))),
    ).toBe('CONTRACT_STATUS_CONFLICT');
    expect((await getContract(contract.id))!.status).toBe('PAYOUT_DONE');
    expect(await adminRefund(contract.id, 1)).toMatchObject({ status: 'REFUNDED' });
    await simulatorEventsDelivered();
    const [transfer, ...more] = await simulatedTransfers(accountId);
    expect(more).toEqual([]);
    // Transfers less reversals plus refunds never exceed what was charged.
    expect(transfer!.amountCents - (transfer!.amountReversedCents ?? 0)).toBe(0);
  });
});

describe('the payout job before its time', () => {
  it('transfers nothing and schedules itself at its due time, never less than a day after the payment', async () => {
    const { contract, accountId } = await givenPaidContract(tenant);
    const stored = (await getContract(contract.id))!;
    const due = payoutDueAt(stored);
    expect(due.getTime()).toBeGreaterThanOrEqual(Date.parse(stored.payment!.paidAt) + PAYOUT_MIN_AFTER_PAYMENT_MS);
    expect(await jobs({ job: 'contract-payout', scheduledAt: now().toISOString(), payload: { contractId: contract.id } })).toBe('NOT_DUE');
    expect(await simulatedTransfers(accountId)).toEqual([]);
    const later = (await listOneTimeSchedules()).find((s) => s.name === `payout-${contract.id}-due-${Math.floor(due.getTime() / 1000)}`);
    expect(later).toMatchObject({ job: 'contract-payout', at: due.toISOString() });
  });
});
