// The payment simulator's pages as a person uses them: the charges page (refunds, disputes, late
// events), the checkout's "pay, deliver late" and the dashboard's restriction, each answered by a
// redirect back or a page saying why it was refused; the events they send are caught at the webhook URL.

import { Readable } from 'node:stream';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedCompletedSimulatorAccount, SIMULATOR_PATHS, WEBHOOK_PATH } from '@partage/functions/adapters/payment-simulator';
import { simulatedPaymentProvider } from '@partage/functions/adapters/simulated-payment-provider';
import { getSimulatorRecord } from '@partage/functions/data/payment-simulator';
import { TEST_PAYMENT_WEBHOOK_SECRET, TEST_PUBLIC_URL, useTestEnvironment } from '@partage/functions/testing/fixtures';
import { createDevPayments } from './dev-payments';

const delivered: string[] = [];
const realFetch = globalThis.fetch;
beforeAll(async () => {
  await useTestEnvironment();
  globalThis.fetch = async (input, init) => {
    if (String(input) !== `${TEST_PUBLIC_URL}${WEBHOOK_PATH}`) return realFetch(input, init);
    delivered.push((JSON.parse(String(init?.body)) as { type: string }).type);
    return new Response('{}');
  };
});
afterAll(() => {
  globalThis.fetch = realFetch;
});
beforeEach(() => {
  delivered.length = 0;
});

const pages = createDevPayments();

async function visit(
  page: keyof typeof pages,
  { url = '/', form }: { url?: string; form?: Record<string, string> } = {},
): Promise<{ status: number; location?: string; body: string }> {
  const answer = { status: 0, location: undefined as string | undefined, body: '' };
  const response = {
    writeHead: (status: number, headers: Record<string, string>) =>
      Object.assign(answer, { status, location: headers.location }) && response,
    end: (chunk?: string) => (answer.body = chunk ?? ''),
  } as unknown as ServerResponse;
  const request = Object.assign(Readable.from(form ? [Buffer.from(new URLSearchParams(form).toString())] : []), { url });
  await pages[page](request as unknown as IncomingMessage, response);
  return answer;
}

async function paidSession(contractId: string, choice: 'pay' | 'payLate' = 'pay') {
  const { sessionId } = await simulatedPaymentProvider({ webhookSecret: TEST_PAYMENT_WEBHOOK_SECRET }).createCheckoutSession({
    contractId,
    contractVersion: 1,
    adId: 'a1',
    ownerId: 'u-owner',
    tenantId: 'u-tenant',
    amountCents: 10_000,
    description: 'Four à convection',
    successUrl: 'http://partage.test/paiement/succes',
    cancelUrl: 'http://partage.test/paiement/annule',
    expiresAt: new Date('2030-01-01T00:30:00Z'),
    language: 'fr',
    idempotencyKey: `checkout-${contractId}`,
  });
  expect(await visit('checkoutChoice', { form: { session: sessionId, choice } })).toMatchObject({
    status: 303,
    location: 'http://partage.test/paiement/succes',
  });
  return (await getSimulatorRecord('SESSION', sessionId))!;
}

describe('the payment simulator: charges page', () => {
  it('lists a paid charge with labelled actions, refunds part of it in dollars, and says why a refund is refused', async () => {
    const { chargeId } = await paidSession('c-page');
    const page = (await visit('charges')).body;
    expect(page).toContain(`<code>${chargeId}</code></td><td><code>c-page</code></td><td>$100.00</td><td>$0.00</td><td>none</td>`);
    expect(page).toContain(
      `<label for="amount-${chargeId}">Amount to refund, in dollars</label> <input id="amount-${chargeId}" name="amount"`,
    );
    for (const label of [
      'Refund in full from the dashboard',
      'Refund part from the dashboard',
      'Open a dispute',
      'Dispute won',
      'Dispute lost',
      'Early fraud warning',
    ])
      expect(page).toContain(`${label}<span class="visually-hidden"> (charge ${chargeId})</span></button>`);

    delivered.length = 0;
    expect(await visit('chargeChoice', { form: { charge: chargeId, choice: 'refundPart', amount: '12,5' } })).toEqual({
      status: 303,
      location: SIMULATOR_PATHS.charges,
      body: '',
    });
    expect(await getSimulatorRecord('CHARGE', chargeId)).toMatchObject({ amountRefundedCents: 1_250 });
    expect(delivered).toEqual(['refund.created', 'charge.refunded']);

    expect((await visit('chargeChoice', { form: { charge: chargeId, choice: 'refundPart', amount: '12.505' } })).body).toContain(
      '<p role="alert">Type the amount to refund in dollars',
    );
    await visit('chargeChoice', { form: { charge: chargeId, choice: 'dispute' } });
    expect(delivered.slice(2)).toEqual(['charge.dispute.created', 'charge.dispute.funds_withdrawn']);
    const refused = await visit('chargeChoice', { form: { charge: chargeId, choice: 'refundFull' } });
    expect(refused.status).toBe(200);
    expect(refused.body).toContain('<p role="alert">Refused: Charge');
    expect(refused.body).toMatch(/<td>needs_response, \$87\.50, evidence due /);
    expect((await visit('chargeChoice', { form: { charge: chargeId, choice: 'launder' } })).status).toBe(400);
  });

  it('holds the events of a session paid late until "Deliver late events"', async () => {
    await paidSession('c-page-late', 'payLate');
    expect(delivered).toEqual([]);
    expect((await visit('charges')).body).toContain('Deliver late events (2 held)</button>');
    expect(await visit('chargeChoice', { form: { choice: 'deliverHeld' } })).toMatchObject({ status: 303 });
    expect(delivered.sort()).toEqual(['charge.succeeded', 'checkout.session.completed']);
    expect((await visit('charges')).body).toContain('disabled>Deliver late events (0 held)</button>');
  });
});

describe('the payment simulator: Express dashboard', () => {
  it('restricts an account: payouts disabled, account.updated sent, back to the dashboard', async () => {
    await seedCompletedSimulatorAccount({ accountId: 'acct_simpage', userId: 'u-page', email: 'p@exemple.ca' });
    expect((await visit('dashboard', { url: `${SIMULATOR_PATHS.dashboard}?account=acct_simpage` })).body).toContain(
      '<button type="submit">Restrict this account (payouts disabled)</button>',
    );
    expect(await visit('restrictAccount', { form: { account: 'acct_simpage' } })).toMatchObject({
      status: 303,
      location: `${SIMULATOR_PATHS.dashboard}?account=acct_simpage`,
    });
    expect(delivered).toEqual(['account.updated']);
    expect(await getSimulatorRecord('ACCOUNT', 'acct_simpage')).toMatchObject({ payoutsEnabled: false });
    expect((await visit('restrictAccount', { form: { account: 'acct_unknown' } })).status).toBe(404);
  });
});
