// POST /webhooks/stripe on DynamoDB Local: bodies signed with the `stripe` package's own helper, as
// Stripe (and the local simulator) sign them. A refused signature writes nothing; an event is applied
// once per id; an event older than the stored state changes nothing; other types are acknowledged.

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../data/client';
import { paymentEventKey } from '../data/keys';
import { getUser, type UserRecord } from '../data/users';
import { epochSeconds, manualClock, useClock } from '../domain/clock';
import { givenUser, httpEvent, TEST_PAYMENT_WEBHOOK_SECRET, useTestEnvironment } from '../testing/fixtures';
import { handler } from './stripe-webhook';

const clock = manualClock('2026-09-01T10:00:00Z');

beforeAll(async () => {
  await useTestEnvironment();
  return useClock(clock);
});

let eventCounter = 0;
const accountEvent = (user: UserRecord, done: boolean, created = epochSeconds(), type = 'account.updated') =>
  JSON.stringify({
    id: `evt_test_${++eventCounter}`,
    object: 'event',
    type,
    created,
    livemode: false,
    data: {
      object: {
        id: user.paymentAccountId,
        object: 'account',
        charges_enabled: done,
        payouts_enabled: done,
        details_submitted: done,
        metadata: { userId: user.id },
      },
    },
  });

const sign = (payload: string, { secret = TEST_PAYMENT_WEBHOOK_SECRET, timestamp = epochSeconds() } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

async function deliver(payload: string, signature: string | null = sign(payload), contentType = 'application/json; charset=utf-8') {
  const event = httpEvent('POST', '/webhooks/stripe', payload);
  event.headers = { 'content-type': contentType, ...(signature === null ? {} : { 'stripe-signature': signature }) };
  return handler(event);
}

const outcomeOf = async (response: Awaited<ReturnType<typeof deliver>>) => {
  expect(response.statusCode).toBe(200);
  return (JSON.parse(response.body!) as { outcome: string }).outcome;
};
const eventStored = async (payload: string) => {
  const { id } = JSON.parse(payload) as { id: string };
  return !!(await db().send(new GetCommand({ TableName: tableName(), Key: paymentEventKey(id), ConsistentRead: true }))).Item;
};
const onboardingOf = async (user: UserRecord) => (await getUser(user.id))!.paymentOnboarding;
const givenOnboardingOwner = () => givenUser({ paymentAccountId: `acct_${++eventCounter}`, paymentOnboarding: 'INCOMPLETE' });

describe('POST /webhooks/stripe: account.updated', () => {
  it("stores the account's onboarding state on its user, and acknowledges at once", async () => {
    const user = await givenOnboardingOwner();
    const payload = accountEvent(user, true);
    expect(await outcomeOf(await deliver(payload))).toBe('handled');
    expect(await onboardingOf(user)).toBe('COMPLETE');
    expect(await eventStored(payload)).toBe(true);
  });

  it('applies an event once: a duplicate or a replay within the tolerance changes nothing', async () => {
    const user = await givenOnboardingOwner();
    const completed = accountEvent(user, true);
    await deliver(completed);
    clock.advance(60_000);
    await deliver(accountEvent(user, false)); // the account was restricted after
    expect(await onboardingOf(user)).toBe('INCOMPLETE');
    expect(await outcomeOf(await deliver(completed, sign(completed)))).toBe('duplicate');
    expect(await onboardingOf(user)).toBe('INCOMPLETE');
  });

  it('ignores an event older than the stored state (events arrive in any order)', async () => {
    const user = await givenOnboardingOwner();
    const older = accountEvent(user, false, epochSeconds() - 30);
    await deliver(accountEvent(user, true));
    expect(await outcomeOf(await deliver(older))).toBe('handled');
    expect(await onboardingOf(user)).toBe('COMPLETE');
  });

  it('leaves users alone for an account that is not theirs, or not the platform’s', async () => {
    const user = await givenOnboardingOwner();
    const other = { ...user, paymentAccountId: 'acct_someone_else' };
    await deliver(accountEvent(other, true));
    const foreign = JSON.stringify({ ...JSON.parse(accountEvent(user, true)), data: { object: { id: 'acct_x', object: 'account' } } });
    expect(await outcomeOf(await deliver(foreign))).toBe('handled');
    expect(await onboardingOf(user)).toBe('INCOMPLETE');
  });
});

describe('POST /webhooks/stripe: refused bodies', () => {
  it.each([
    ['another secret', (payload: string) => sign(payload, { secret: 'whsec_attacker' })],
    ['an old timestamp', (payload: string) => sign(payload, { timestamp: epochSeconds() - 301 })],
    ['a signature of another body', (payload: string) => sign(payload.replace('account.updated', 'account.updatex'))],
    ['a malformed header', () => 't=1,v1=deadbeef'],
  ])('answers 400 to %s, and writes nothing', async (_name, signatureOf) => {
    const user = await givenOnboardingOwner();
    const payload = accountEvent(user, true);
    const response = await deliver(payload, signatureOf(payload));
    expect(response.statusCode).toBe(400);
    expect(await eventStored(payload)).toBe(false);
    expect(await onboardingOf(user)).toBe('INCOMPLETE');
  });

  it('answers 400 without a signature or a body, and 415 to another content type', async () => {
    const user = await givenOnboardingOwner();
    const payload = accountEvent(user, true);
    expect((await deliver(payload, null)).statusCode).toBe(400);
    expect((await deliver('', sign(''))).statusCode).toBe(400);
    expect((await deliver(payload, sign(payload), 'text/plain')).statusCode).toBe(415);
    expect(await onboardingOf(user)).toBe('INCOMPLETE');
  });

  it('acknowledges an event type nobody listens to, without storing it', async () => {
    const user = await givenOnboardingOwner();
    const payload = accountEvent(user, true, epochSeconds(), 'customer.created');
    expect(await outcomeOf(await deliver(payload))).toBe('ignored');
    expect(await eventStored(payload)).toBe(false);
  });
});
