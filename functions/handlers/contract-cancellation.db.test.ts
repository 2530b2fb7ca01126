// A paid rental cancelled by its tenant under the ad's cancellation policy (issue 39 §2), on DynamoDB
// Local with the payment simulator: the quote the page shows, the refund through the refund path,
// the dates freed, both parties told, the owner paid what the policy leaves them, and the refusals.

import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CancellationPolicy, Contract } from '@partage/graphql';
import * as paymentPort from '../adapters/payment-provider';
import { PaymentProviderError } from '../adapters/payment-provider';
import * as contractData from '../data/contracts';
import { simulatorEventsDelivered } from '../adapters/payment-simulator';
import { bookedPeriods, getContract, replaceContract } from '../data/contracts';
import { getSimulatorRecord, simulatedTransfers } from '../data/payment-simulator';
import { getReputations } from '../data/ratings';
import type { UserRecord } from '../data/users';
import { manualClock, now, useClock } from '../domain/clock';
import { payoutDueAt } from '../domain/contracts/contract-money';
import {
  asUser,
  errorCodeOf,
  givenAd,
  givenContract,
  givenPaidContract,
  givenPayableOwner,
  givenUser,
  resolverCaller,
  routeSimulatorWebhooks,
  useTestOutbox,
} from '../testing/fixtures';
import { handler as contractsHandler } from './contracts';
import { handler as jobs } from './contract-payouts';

const DAY_MS = 24 * 60 * 60 * 1000;
const outbox = useTestOutbox();
const call = resolverCaller(contractsHandler);
const clock = manualClock();
let tenant: UserRecord;
let admin: UserRecord;

beforeAll(async () => {
  [tenant, admin] = await Promise.all([givenUser(), givenUser({ role: 'ADMIN' })]);
  const restoreClock = useClock(clock);
  const restoreFetch = routeSimulatorWebhooks();
  return () => {
    restoreFetch();
    restoreClock();
  };
});

/**
 * A contract paid by a new tenant (the chat's limits are per account) for an ad under `policy` (250 $
 * for two days starting in a week), the clock `daysBefore` its start.
 */
async function paidUnder(policy: CancellationPolicy, daysBefore: number) {
  clock.set(new Date());
  tenant = await givenUser();
  const payee = await givenPayableOwner();
  const ad = await givenAd(
    payee.owner,
    { cancellationPolicy: policy, availability: { all: true, day: false, evening: false, weekdays: [], restrictions: [] } },
    { published: true },
  );
  const paid = await givenPaidContract(tenant, payee, ad.id);
  const startAt = Date.parse((await getContract(paid.contract.id))!.content.startAt);
  clock.set(new Date(startAt - daysBefore * DAY_MS));
  return paid;
}

const read = async (user: UserRecord, contractId: string) => (await call('Query.contract', { id: contractId }, asUser(user))) as Contract;
const cancel = (contractId: string, expectedRefundCents?: number, user = tenant) =>
  call('Mutation.cancelContract', { input: { contractId, expectedVersion: 1, expectedRefundCents } }, asUser(user));

/** Runs the payout job at its due time, as its schedule would (the refund's events delivered first, as the provider sends them). */
async function payOut(contractId: string) {
  await simulatorEventsDelivered();
  clock.set(new Date(Math.max(now().getTime(), payoutDueAt((await getContract(contractId))!).getTime())));
  return jobs({ job: 'contract-payout', scheduledAt: now().toISOString(), payload: { contractId } });
}

const subjects = async (user: UserRecord) => (await outbox.emailsTo(user.email)).map((mail) => mail.subject);

describe('a tenant cancels a paid rental under its policy', () => {
  it('moderate, 3 days before: half back; the dates freed, both told once, the owner paid the rest, the rental never counted', async () => {
    const { contract, owner, accountId } = await paidUnder('MODERATE', 3);
    expect(await read(tenant, contract.id)).toMatchObject({
      availableActions: ['CANCEL'],
      current: { cancellationPolicy: 'MODERATE' },
      cancellationQuote: { policy: 'MODERATE', percent: 50, refundCents: 12_500 },
    });
    // The owner sees the policy, not the tenant's quote.
    expect(await read(owner, contract.id)).toMatchObject({ cancellationQuote: null, current: { cancellationPolicy: 'MODERATE' } });

    const view = await cancel(contract.id, 12_500);
    expect(view).toMatchObject({
      status: 'PAID',
      cancellation: { policy: 'MODERATE', percent: 50, refundCents: 12_500 },
      cancellationQuote: null,
      availableActions: [],
      money: { refundedCents: 12_500, ownerShareCents: 12_500, refunds: [{ amountCents: 12_500, origin: 'PLATFORM' }] },
    });
    const stored = (await getContract(contract.id))!;
    expect(stored.history.slice(-2)).toMatchObject([
      { kind: 'CANCELLED', actorId: tenant.id, status: 'PAID' },
      { kind: 'PARTLY_REFUNDED', status: 'PAID' },
    ]);
    expect(await bookedPeriods(contract.adId, now().toISOString())).toEqual([]);
    for (const party of [owner, tenant]) {
      const mine = await subjects(party);
      expect(mine.filter((subject) => /Rental cancelled|Location annulée/.test(subject ?? ''))).toHaveLength(1);
      // Its refund is told by the cancellation's e-mail, not by one saying the contract still stands.
      expect(mine.some((subject) => /Partial refund|Remboursement partiel/.test(subject ?? ''))).toBe(false);
    }
    expect((await outbox.emailsTo(owner.email)).find((mail) => mail.subject?.startsWith('Rental cancelled'))?.text).toContain(
      'Moderate policy: full refund until 5 days before the start',
    );

    expect(await payOut(contract.id)).toBe('PAID_OUT');
    expect((await simulatedTransfers(accountId)).map((transfer) => transfer.amountCents)).toEqual([12_500]);
    expect((await getReputations([owner.id])).get(owner.id)?.transactionsCount ?? 0).toBe(0);
  });

  it('flexible, 2 days before: everything back, REFUNDED, nothing paid out', async () => {
    const { contract, accountId } = await paidUnder('FLEXIBLE', 2);
    const view = await cancel(contract.id, 25_000);
    expect(view).toMatchObject({ status: 'REFUNDED', cancellation: { percent: 100, refundCents: 25_000 } });
    expect(await bookedPeriods(contract.adId, now().toISOString())).toEqual([]);
    expect(await payOut(contract.id)).toBe('NOTHING_TO_DO');
    expect(await simulatedTransfers(accountId)).toEqual([]);
  });

  it('strict, 3 days before: nothing back, the dates freed all the same, the owner paid in full', async () => {
    const { contract, accountId } = await paidUnder('STRICT', 3);
    expect(await read(tenant, contract.id)).toMatchObject({ cancellationQuote: { percent: 0, refundCents: 0 } });
    expect(await cancel(contract.id, 0)).toMatchObject({ status: 'PAID', cancellation: { refundCents: 0 }, money: { refundedCents: 0 } });
    expect(await bookedPeriods(contract.adId, now().toISOString())).toEqual([]);
    expect(await payOut(contract.id)).toBe('PAID_OUT');
    expect((await simulatedTransfers(accountId)).map((transfer) => transfer.amountCents)).toEqual([25_000]);
  });
});

describe('what is refused, changing nothing', () => {
  it('an amount the page showed before a tier ended (CANCELLATION_TERMS_CHANGED)', async () => {
    const { contract } = await paidUnder('MODERATE', 3);
    expect(errorCodeOf(await cancel(contract.id, 25_000))).toBe('CANCELLATION_TERMS_CHANGED');
    const stored = (await getContract(contract.id))!;
    expect(stored.cancellation).toBeUndefined();
    expect(stored.refunds).toBeUndefined();
    expect(await bookedPeriods(contract.adId, now().toISOString())).toHaveLength(1);
  });

  it('from the start on (CANCELLATION_TOO_LATE)', async () => {
    const { contract } = await paidUnder('FLEXIBLE', 0);
    expect(await read(tenant, contract.id)).toMatchObject({ cancellationQuote: null, availableActions: [] });
    expect(errorCodeOf(await cancel(contract.id, 0))).toBe('CANCELLATION_TOO_LATE');
  });

  it('a version made before policies (CANCELLATION_NOT_OFFERED), and the owner or a stranger cancelling a paid rental', async () => {
    const { contract, owner } = await paidUnder('MODERATE', 6);
    const stored = (await getContract(contract.id))!;
    const { cancellationPolicy: _policy, ...before } = stored.content;
    await replaceContract(stored, { ...stored, content: before });
    expect(errorCodeOf(await cancel(contract.id, 25_000))).toBe('CANCELLATION_NOT_OFFERED');
    expect(errorCodeOf(await cancel(contract.id, 25_000, owner))).toBe('CONTRACT_STATUS_CONFLICT');
    expect(errorCodeOf(await cancel(contract.id, 25_000, await givenUser()))).toBe('UNAUTHORIZED_ACCESS');
    expect((await getContract(contract.id))!.status).toBe('PAID');
  });

  it('an unpaid contract is cancelled as before, whatever amount is sent', async () => {
    const { id } = await givenContract(tenant);
    expect(await cancel(id, 123)).toMatchObject({ status: 'CANCELLED', cancellation: null });
  });

  it('a refund the provider refuses: the cancellation is withdrawn with it; the next try cancels', async () => {
    const { contract, session } = await paidUnder('MODERATE', 6);
    const real = await paymentPort.paymentProvider();
    const spy = vi.spyOn(paymentPort, 'paymentProvider').mockResolvedValue({
      ...real,
      createRefund: () => Promise.reject(new PaymentProviderError('connection', 'Stripe is down')),
    });
    try {
      expect(errorCodeOf(await cancel(contract.id, 25_000))).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    } finally {
      spy.mockRestore();
    }
    const stored = (await getContract(contract.id))!;
    expect(stored.status).toBe('PAID');
    expect(stored.refund).toBeUndefined();
    expect(stored.cancellation).toBeUndefined();
    expect(stored.history.map((step) => step.kind)).not.toContain('CANCELLED');
    expect(await bookedPeriods(contract.adId, now().toISOString())).toHaveLength(1);
    expect(await cancel(contract.id, 25_000)).toMatchObject({ status: 'REFUNDED' });
    const { chargeId } = (await getSimulatorRecord('SESSION', session.sessionId))!;
    expect((await getSimulatorRecord('CHARGE', chargeId))?.amountRefundedCents).toBe(25_000);
  });

  it('a run that died after the provider refunded: the retry finishes it with the same refund, told once', async () => {
    const { contract, owner, session } = await paidUnder('MODERATE', 3);
    const real = await paymentPort.paymentProvider();
    const realGet = contractData.getContract;
    let died = false;
    const provider = vi.spyOn(paymentPort, 'paymentProvider').mockResolvedValue({
      ...real,
      createRefund: async (request) => {
        await real.createRefund(request);
        died = true;
        throw new Error('Lambda timed out');
      },
    });
    // The run dies: nothing after the provider's answer is written.
    const reads = vi
      .spyOn(contractData, 'getContract')
      .mockImplementation((id) => (died ? Promise.reject(new Error('gone')) : realGet(id)));
    try {
      await expect(cancel(contract.id, 12_500)).rejects.toThrow('gone');
    } finally {
      reads.mockRestore();
      provider.mockRestore();
    }
    expect(await cancel(contract.id, 12_500)).toMatchObject({ cancellation: { refundCents: 12_500 }, money: { refundedCents: 12_500 } });
    const { chargeId } = (await getSimulatorRecord('SESSION', session.sessionId))!;
    expect((await getSimulatorRecord('CHARGE', chargeId))?.amountRefundedCents).toBe(12_500);
    expect(await bookedPeriods(contract.adId, now().toISOString())).toEqual([]);
    expect((await subjects(owner)).filter((subject) => subject?.startsWith('Rental cancelled'))).toHaveLength(1);
  });
});

describe("an administrator's refund reason", () => {
  it('stays in the history for administrators, and never reaches the parties', async () => {
    const { contract, owner } = await paidUnder('MODERATE', 6);
    await call(
      'Mutation.refundContract',
      { input: { contractId: contract.id, expectedVersion: 1, amountCents: 5_000, reason: 'Geste commercial' } },
      asUser(admin),
    );
    expect((await read(admin, contract.id)).history.at(-1)).toMatchObject({ kind: 'PARTLY_REFUNDED', reason: 'Geste commercial' });
    for (const party of [owner, tenant]) {
      const view = await read(party, contract.id);
      expect(view.history.at(-1)).toMatchObject({ kind: 'PARTLY_REFUNDED' });
      expect(view.history.at(-1)?.reason ?? null).toBeNull();
      expect(view.money?.refunds[0]?.reason).toBeNull();
    }
    // The tenant's quote counts what went back: 100 % of 250 $ less the 50 $ refunded.
    expect((await read(tenant, contract.id)).cancellationQuote).toMatchObject({ percent: 100, refundCents: 20_000 });
  });
});
