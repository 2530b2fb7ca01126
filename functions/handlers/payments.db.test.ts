// Onboarding with the payment provider through the payments Lambda on DynamoDB Local, with the local
// simulator behind the port: one account per user whatever the timing, the state read back and stored
// on the user item, the dashboard link only once onboarding is complete, and provider failures.

import { beforeAll, describe, expect, it } from 'vitest';
import { updateSimulatorRecord } from '../data/payment-simulator';
import { getUser, type UserRecord } from '../data/users';
import { asUser, errorCodeOf, givenUser, resolverCaller, TEST_PUBLIC_URL, useTestEnvironment } from '../testing/fixtures';
import { captureLogLines } from '../testing/log-lines';
import { handler as accountsHandler } from './accounts';
import { handler } from './payments';

beforeAll(async () => {
  await useTestEnvironment();
});

const call = resolverCaller(handler);
const start = (user: UserRecord) => call('Mutation.startPaymentOnboarding', {}, asUser(user));
const confirm = (user: UserRecord) => call('Mutation.confirmPaymentOnboarding', {}, asUser(user));
const dashboard = (user: UserRecord) => call('Mutation.paymentDashboardLink', {}, asUser(user));
const me = async (user: UserRecord) =>
  (await resolverCaller(accountsHandler)('Query.me', {}, asUser(user))) as { paymentOnboarding: string };

/** What the owner does on the provider's pages: every detail given, charges and payouts enabled. */
const completeAtProvider = async (user: UserRecord) => {
  const { paymentAccountId } = (await getUser(user.id))!;
  await updateSimulatorRecord('ACCOUNT', paymentAccountId!, { detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
};

describe('Mutation.startPaymentOnboarding', () => {
  it('creates the account, stores it on the user as INCOMPLETE, and links to the hosted onboarding', async () => {
    const user = await givenUser();
    expect((await me(user)).paymentOnboarding).toBe('NOT_STARTED');
    const { url } = (await start(user)) as { url: string };
    expect(url).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/_dev/payments/onboarding\\?link=[\\w-]+$`));
    const stored = (await getUser(user.id))!;
    expect(stored.paymentAccountId).toMatch(/^acct_/);
    expect(stored.paymentOnboarding).toBe('INCOMPLETE');
    expect((await me(user)).paymentOnboarding).toBe('INCOMPLETE');
  });

  it('keeps one account per user, across calls and concurrent calls, each with a fresh link', async () => {
    const user = await givenUser();
    // A call that meets another one's account creation in flight is refused (as Stripe answers 409), never doubled.
    const logged = captureLogLines();
    const results = await Promise.all([start(user), start(user), start(user)]);
    logged.restore();
    for (const result of results) if (errorCodeOf(result)) expect(errorCodeOf(result)).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    const accountId = (await getUser(user.id))!.paymentAccountId;
    expect(accountId).toMatch(/^acct_/);
    const again = [(await start(user)) as { url: string }, (await start(user)) as { url: string }];
    expect((await getUser(user.id))!.paymentAccountId).toBe(accountId);
    expect(again[0]!.url).not.toBe(again[1]!.url);
  });

  it('answers NO_CHANGE once onboarding is complete', async () => {
    const user = await givenUser();
    await start(user);
    await completeAtProvider(user);
    await confirm(user);
    expect(errorCodeOf(await start(user))).toBe('NO_CHANGE');
  });

  it('refuses visitors and administrators', async () => {
    const admin = await givenUser({ role: 'ADMIN' });
    expect(errorCodeOf(await start(admin))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await call('Mutation.startPaymentOnboarding', {}))).toBe('UNAUTHORIZED_ACCESS');
    expect((await getUser(admin.id))!.paymentAccountId).toBeUndefined();
  });
});

describe('Mutation.confirmPaymentOnboarding', () => {
  it('answers NOT_STARTED without an account, writing nothing', async () => {
    const user = await givenUser();
    expect(await confirm(user)).toEqual({ paymentOnboarding: 'NOT_STARTED' });
    expect((await getUser(user.id))!.paymentOnboarding).toBeUndefined();
  });

  it('reads the account back: INCOMPLETE until the provider can pay it, then COMPLETE', async () => {
    const user = await givenUser();
    await start(user);
    expect(await confirm(user)).toEqual({ paymentOnboarding: 'INCOMPLETE' });
    await completeAtProvider(user);
    expect(await confirm(user)).toEqual({ paymentOnboarding: 'COMPLETE' });
    expect((await getUser(user.id))!.paymentOnboarding).toBe('COMPLETE');
    expect((await me(user)).paymentOnboarding).toBe('COMPLETE');
  });

  it('answers PAYMENT_PROVIDER_UNAVAILABLE when the provider refuses, changing nothing', async () => {
    const user = await givenUser({ paymentAccountId: 'acct_unknown', paymentOnboarding: 'INCOMPLETE' });
    const logged = captureLogLines();
    try {
      expect(errorCodeOf(await confirm(user))).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
      expect(logged.entries().filter((entry) => entry.level === 'ERROR')).toEqual([
        expect.objectContaining({ message: 'payment provider call failed', handler: 'payments' }),
      ]);
    } finally {
      logged.restore();
    }
    expect((await getUser(user.id))!.paymentOnboarding).toBe('INCOMPLETE');
  });
});

describe('Mutation.paymentDashboardLink', () => {
  it('answers PAYMENT_ONBOARDING_INCOMPLETE before onboarding is complete, and a link after', async () => {
    const user = await givenUser();
    expect(errorCodeOf(await dashboard(user))).toBe('PAYMENT_ONBOARDING_INCOMPLETE');
    await start(user);
    expect(errorCodeOf(await dashboard(user))).toBe('PAYMENT_ONBOARDING_INCOMPLETE');
    await completeAtProvider(user);
    await confirm(user);
    const { paymentAccountId } = (await getUser(user.id))!;
    expect(await dashboard(user)).toEqual({ url: `${TEST_PUBLIC_URL}/_dev/payments/dashboard?account=${paymentAccountId}` });
  });
});
