// acceptAndPayContract on DynamoDB Local with the payment simulator: only the tenant, only the version
// they saw, the dates held while the session is open, the open session offered again, the previous
// session expired when it is about to end, nothing held when the provider fails, a late payment event of
// the previous session keeping the dates the new attempt held, and of many tenants paying overlapping
// dates at once only one holds them.

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContractCheckout } from '@partage/graphql';
import { PaymentProviderError } from '../adapters/payment-errors';
import * as paymentPort from '../adapters/payment-provider';
import { bookedPeriods, getContract } from '../data/contracts';
import { getSimulatorRecord } from '../data/payment-simulator';
import { lockOutUser, type UserRecord } from '../data/users';
import { unpublishAd } from '../domain/ads/ads';
import { actOnCheckout, deliverSimulatorEvent, restrictSimulatedAccount } from '../adapters/payment-simulator';
import { suspendAccount } from '../domain/moderation/moderation';
import { manualClock, now, useClock } from '../domain/clock';
import {
  firstMessage,
  asUser,
  errorCodeOf,
  givenAd,
  givenContract,
  givenPaidContract,
  givenPaymentOnboarding,
  givenUser,
  resolverCaller,
  routeSimulatorWebhooks,
  TEST_PUBLIC_URL,
  useTestEnvironment,
} from '../testing/fixtures';
import { createConversation } from '../domain/chat/conversations';
import { proposeContract } from '../domain/contracts/contracts';
import { contractInput } from '../testing/fixtures';
import { handler } from './contracts';

const call = resolverCaller(handler);
let tenant: UserRecord;
let stranger: UserRecord;
let admin: UserRecord;

beforeAll(async () => {
  await useTestEnvironment();
  [tenant, stranger, admin] = await Promise.all([givenUser({ language: 'en' }), givenUser(), givenUser({ role: 'ADMIN' })]);
  return routeSimulatorWebhooks();
});
afterAll(() => vi.restoreAllMocks());

const pay = (user: UserRecord, contractId: string, expectedVersion = 1) =>
  call('Mutation.acceptAndPayContract', { input: { contractId, expectedVersion } }, asUser(user));
const sessionIdOf = (checkout: unknown) => new URL((checkout as ContractCheckout).url).searchParams.get('session')!;

describe('acceptAndPayContract', () => {
  it("holds the dates until the session expires and opens a session for the version's total", async () => {
    const contract = await givenContract(tenant);
    const checkout = (await pay(tenant, contract.id)) as ContractCheckout;
    const session = (await getSimulatorRecord('SESSION', sessionIdOf(checkout)))!;
    expect(session).toMatchObject({ contractId: contract.id, contractVersion: 1, amountCents: 25_000, language: 'en', status: 'open' });
    expect(session.successUrl).toBe(`${TEST_PUBLIC_URL}/paiement/succes?contrat=${contract.id}&lang=en`);
    expect(session.cancelUrl).toBe(`${TEST_PUBLIC_URL}/paiement/annule?contrat=${contract.id}&lang=en`);
    const minutes = (Date.parse(checkout.expiresAt) - now().getTime()) / 60_000;
    expect(minutes).toBeGreaterThanOrEqual(30);
    expect(minutes).toBeLessThanOrEqual(31);
    expect(await bookedPeriods(contract.adId, now().toISOString())).toEqual([
      expect.objectContaining({ contractId: contract.id, expiresAt: checkout.expiresAt }),
    ]);
    expect((await getContract(contract.id))?.checkout).toMatchObject({ attempt: 1, version: 1, sessionId: session.sessionId });
  });

  it('charges a registered owner’s taxes with the price: the session is for the version’s total with its GST and QST', async () => {
    const owner = await givenUser({ taxStatus: 'REGISTERED', gstNumber: '123456789RT0001', qstNumber: '1234567890TQ0001' });
    const contract = await givenContract(tenant, owner, { totalPriceCents: 10_000 });
    const session = (await getSimulatorRecord('SESSION', sessionIdOf(await pay(tenant, contract.id))))!;
    expect(session.amountCents).toBe(11_498);
  });

  it('is refused to the owner, a third party and an administrator, and for a version the tenant did not see', async () => {
    const contract = await givenContract(tenant);
    const owner = { id: contract.ownerId, role: 'USER' } as UserRecord;
    for (const user of [owner, stranger, admin]) expect(errorCodeOf(await pay(user, contract.id))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await pay(tenant, contract.id, 2))).toBe('CONTRACT_CHANGED');
    expect(await bookedPeriods(contract.adId, now().toISOString())).toEqual([]);
  });

  it('charges nobody for an owner who cannot be paid (payouts disabled, suspended) or for an ad no longer published', async () => {
    const contract = await givenContract(tenant);
    await givenPaymentOnboarding(contract.ownerId, 'INCOMPLETE'); // the provider disabled the account's payouts
    expect(errorCodeOf(await pay(tenant, contract.id))).toBe('OWNER_CANNOT_BE_PAID');
    await givenPaymentOnboarding(contract.ownerId);
    await lockOutUser(contract.ownerId);
    expect(errorCodeOf(await pay(tenant, contract.id))).toBe('OWNER_CANNOT_BE_PAID');
    expect(await bookedPeriods(contract.adId, now().toISOString())).toEqual([]);

    const hidden = await givenContract(tenant);
    await unpublishAd(asUser({ id: hidden.ownerId, role: 'USER' } as UserRecord), hidden.adId);
    expect(errorCodeOf(await pay(tenant, hidden.id))).toBe('AD_NOT_AVAILABLE');
    expect(await bookedPeriods(hidden.adId, now().toISOString())).toEqual([]);
  });

  it("ends the open payments of an owner whose account's payouts were disabled, or who was suspended", async () => {
    const restricted = await givenPaidContract(tenant).then(({ owner, accountId }) => ({ owner, accountId }));
    const open = await givenContract(tenant, restricted.owner);
    const session = sessionIdOf(await pay(tenant, open.id));
    await restrictSimulatedAccount((await getSimulatorRecord('ACCOUNT', restricted.accountId))!);
    expect((await getSimulatorRecord('SESSION', session))?.status).toBe('expired');
    expect(await bookedPeriods(open.adId, now().toISOString())).toEqual([]);
    expect(errorCodeOf(await pay(tenant, open.id))).toBe('OWNER_CANNOT_BE_PAID');

    const suspended = await givenUser();
    const other = await givenContract(tenant, suspended);
    const otherSession = sessionIdOf(await pay(tenant, other.id));
    await suspendAccount(asUser(admin), suspended.id, 'Fraude');
    expect((await getSimulatorRecord('SESSION', otherSession))?.status).toBe('expired');
    expect(await bookedPeriods(other.adId, now().toISOString())).toEqual([]);
  });

  it('refuses a contract that is no longer SUBMITTED', async () => {
    const contract = await givenContract(tenant);
    await call('Mutation.cancelContract', { input: { contractId: contract.id, expectedVersion: 1 } }, asUser(tenant));
    expect(errorCodeOf(await pay(tenant, contract.id))).toBe('CONTRACT_STATUS_CONFLICT');
  });

  it('sends the tenant back to the open session (a second tab, the back button) rather than opening another', async () => {
    const contract = await givenContract(tenant);
    const first = (await pay(tenant, contract.id)) as ContractCheckout;
    expect(await pay(tenant, contract.id)).toEqual(first);
    expect((await getContract(contract.id))?.checkout).toMatchObject({ attempt: 1, sessionId: sessionIdOf(first) });
  });

  it('expires the previous session and opens a new one when it has little time left', async () => {
    const contract = await givenContract(tenant);
    const clock = manualClock();
    const restore = useClock(clock);
    let first: string, second: string;
    try {
      first = sessionIdOf(await pay(tenant, contract.id));
      clock.advance(25 * 60_000);
      second = sessionIdOf(await pay(tenant, contract.id));
    } finally {
      restore();
    }
    expect(second).not.toBe(first);
    expect((await getSimulatorRecord('SESSION', first))?.status).toBe('expired');
    expect((await getSimulatorRecord('SESSION', second))?.status).toBe('open');
    // The first session's expiry event reached the webhook, but it is no longer the current one: the dates stay held.
    expect(await bookedPeriods(contract.adId, now().toISOString())).toHaveLength(1);
    expect((await getContract(contract.id))?.checkout).toMatchObject({ attempt: 2, sessionId: second });
  });

  it("keeps the dates of a contract paid by the previous session's late event while a new attempt runs (no double booking)", async () => {
    const contract = await givenContract(tenant);
    const clock = manualClock();
    const restore = useClock(clock);
    try {
      const first = (await getSimulatorRecord('SESSION', sessionIdOf(await pay(tenant, contract.id))))!;
      // Paid at the provider; its event is late (held here, then signed when it is sent, as Stripe does).
      let late: { type: string; data: { object: Record<string, unknown> } } | undefined;
      await actOnCheckout(first, 'pay', async (payload) => {
        late = JSON.parse(payload);
      });
      // Minutes later the tenant presses "Accept and pay" again (another tab); while the new session is
      // being opened, the first session's event arrives and makes the contract PAID.
      clock.advance(25 * 60_000);
      const real = await paymentPort.paymentProvider();
      const spy = vi.spyOn(paymentPort, 'paymentProvider').mockResolvedValue({
        ...real,
        createCheckoutSession: async (request) => {
          await deliverSimulatorEvent(late!.type, late!.data.object);
          return real.createCheckoutSession(request);
        },
      });
      try {
        expect(errorCodeOf(await pay(tenant, contract.id))).toBe('CONTRACT_CHANGED');
      } finally {
        spy.mockRestore();
      }
      expect((await getContract(contract.id))?.payment?.sessionId).toBe(first.sessionId);
      expect(await bookedPeriods(contract.adId, now().toISOString())).toEqual([
        expect.objectContaining({ contractId: contract.id, expiresAt: null }),
      ]);
      // Nobody else can have those dates.
      const other = await givenUser();
      const conversation = await createConversation(asUser(other), { adId: contract.adId, message: firstMessage() });
      const { precision, start, end } = (await getContract(contract.id))!.content;
      const owner = { id: contract.ownerId, role: 'USER' } as UserRecord;
      await expect(
        proposeContract(asUser(owner), contractInput({ conversationId: conversation.id, period: { precision, start, end } })),
      ).rejects.toMatchObject({ code: 'DATES_UNAVAILABLE' });
    } finally {
      restore();
    }
  });

  it('releases the hold when the provider fails (PAYMENT_PROVIDER_UNAVAILABLE)', async () => {
    const contract = await givenContract(tenant);
    const real = await paymentPort.paymentProvider();
    const spy = vi.spyOn(paymentPort, 'paymentProvider').mockResolvedValue({
      ...real,
      createCheckoutSession: () => Promise.reject(new PaymentProviderError('connection', 'Stripe is down')),
    });
    try {
      expect(errorCodeOf(await pay(tenant, contract.id))).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    } finally {
      spy.mockRestore();
    }
    expect(await bookedPeriods(contract.adId, now().toISOString())).toEqual([]);
    // Still payable: the next attempt opens a session.
    expect(errorCodeOf(await pay(tenant, contract.id))).toBeUndefined();
  });

  it('of 20 tenants paying overlapping dates of one ad at the same moment, exactly one holds them', async () => {
    const owner = await givenUser();
    await givenPaymentOnboarding(owner.id);
    const ad = await givenAd(
      owner,
      { availability: { all: true, day: false, evening: false, weekdays: [], restrictions: [] } },
      { published: true },
    );
    const tenants = await Promise.all(Array.from({ length: 20 }, () => givenUser()));
    // Proposed one after the other (a proposal is refused only for dates already held), paid all at once.
    const contracts = [];
    for (const [index, each] of tenants.entries()) {
      const conversation = await createConversation(asUser(each), { adId: ad.id, message: firstMessage() });
      const day = (offset: number) => new Date(now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
      const period = { precision: 'DAY' as const, start: day(10 + (index % 3)), end: day(13) };
      contracts.push(await proposeContract(asUser(owner), contractInput({ conversationId: conversation.id, period })));
    }
    const results = await Promise.all(contracts.map((contract, index) => pay(tenants[index]!, contract.id)));
    const codes = results.map(errorCodeOf);
    expect(codes.filter((code) => code === undefined)).toHaveLength(1);
    expect(codes.filter((code) => code !== undefined).every((code) => code === 'DATES_UNAVAILABLE')).toBe(true);
    expect(await bookedPeriods(ad.id, now().toISOString())).toHaveLength(1);
  });
});
