// The local payment simulator behind the port, on DynamoDB Local: it answers as Stripe does where the
// app depends on it (the same idempotency key gets the first answer, a transfer needs an account that
// can be paid, only an open session expires), so code written against it behaves the same on Stripe.

import { beforeAll, describe, expect, it } from 'vitest';
import { getSimulatorRecord, simulatedTransfers, updateSimulatorRecord } from '../data/payment-simulator';
import { TEST_PAYMENT_WEBHOOK_SECRET, useTestEnvironment } from '../testing/fixtures';
import { PaymentProviderError } from './payment-errors';
import { simulatedPaymentProvider } from './simulated-payment-provider';

beforeAll(async () => {
  await useTestEnvironment();
});

const provider = () => simulatedPaymentProvider({ webhookSecret: TEST_PAYMENT_WEBHOOK_SECRET });
const checkout = (idempotencyKey: string, amountCents = 10_000) =>
  provider().createCheckoutSession({
    contractId: 'c1',
    contractVersion: 2,
    adId: 'a1',
    ownerId: 'u-owner',
    tenantId: 'u-tenant',
    amountCents,
    description: 'Camion réfrigéré',
    successUrl: 'http://partage.test/paiement/succes',
    cancelUrl: 'http://partage.test/paiement/annule',
    expiresAt: new Date('2030-01-01T00:30:00Z'),
    language: 'fr',
    idempotencyKey,
  });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('the payment simulator', () => {
  it('creates one account per user id, and reads it back', async () => {
    const first = await provider().createConnectedAccount({ userId: 'sim-u1', email: 'a@exemple.ca' });
    expect(await provider().createConnectedAccount({ userId: 'sim-u1', email: 'a@exemple.ca' })).toEqual(first);
    expect(await provider().retrieveAccount(first.accountId)).toEqual({ ...first, detailsSubmitted: false });
    expect(await failure(provider().retrieveAccount('acct_unknown'))).toMatchObject({ kind: 'invalidRequest', statusCode: 404 });
  });

  it('answers the same Checkout Session to the same key, a new one to another key', async () => {
    const first = await checkout('sim-key-1');
    expect(await checkout('sim-key-1')).toEqual(first);
    expect(first.expiresAt).toEqual(new Date('2030-01-01T00:30:00Z'));
    expect((await checkout('sim-key-2')).sessionId).not.toBe(first.sessionId);
    expect(await getSimulatorRecord('SESSION', first.sessionId)).toMatchObject({
      amountCents: 10_000,
      contractVersion: 2,
      adId: 'a1',
      status: 'open',
    });
  });

  it('refuses an amount that is not whole cents of at least 50', async () => {
    for (const amount of [49, 100.5])
      expect(await failure(checkout(`sim-amount-${amount}`, amount))).toMatchObject({ kind: 'invalidRequest' });
  });

  it('transfers once per key, and only to an account that can be paid', async () => {
    const { accountId } = await provider().createConnectedAccount({ userId: 'sim-u2', email: 'b@exemple.ca' });
    const transfer = {
      amountCents: 9_000,
      destination: accountId,
      sourceTransaction: 'ch_1',
      transferGroup: 'c1',
      idempotencyKey: 'payout-c1',
    };
    expect(await failure(provider().createTransfer(transfer))).toBeInstanceOf(PaymentProviderError);
    await updateSimulatorRecord('ACCOUNT', accountId, { detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
    const retried = { ...transfer, idempotencyKey: 'payout-c1-retry' };
    const [one, two] = await Promise.all([provider().createTransfer(retried), provider().createTransfer(retried)].map(failure));
    // Two calls at once with one key: one transfer, the other refused as in flight (Stripe's 409), never two.
    for (const answer of [one, two])
      if (answer instanceof Error) expect(answer).toMatchObject({ kind: 'api', statusCode: 409, retryable: true });
    expect(await provider().createTransfer(retried)).toEqual({ transferId: expect.stringMatching(/^tr_/) });
    expect(await simulatedTransfers(accountId)).toHaveLength(1);
  });

  it('expires an open session only, and gives a dashboard link once onboarding is done', async () => {
    const { accountId } = await provider().createConnectedAccount({ userId: 'sim-u3', email: 'c@exemple.ca' });
    expect(await failure(provider().createDashboardLink(accountId))).toMatchObject({ kind: 'invalidRequest' });
    const { sessionId } = await checkout('sim-key-expire');
    await updateSimulatorRecord('SESSION', sessionId, { status: 'complete', paymentStatus: 'paid' });
    await provider().expireCheckoutSession(sessionId, 'sim-expire-1');
    expect((await getSimulatorRecord('SESSION', sessionId))?.status).toBe('complete');
  });
});
