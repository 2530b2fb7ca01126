// The Stripe adapter against a loopback fake of Stripe's API, through the real `stripe` SDK
// (its form encoding, headers and error parsing). The fake answers with Stripe's own published
// example objects (../testing/stripe-fixtures.json: the resources it needs of Stripe's OpenAPI fixtures3.json), ids and amounts set
// per test, and records each request's form parameters and Idempotency-Key header.

import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import Stripe from 'stripe';
import { manualClock, useClock } from '../domain/clock';
import { PaymentProviderError, WebhookSignatureError } from './payment-provider';
import { loadStripeCredentials, stripePaymentProvider, type StripeEndpoint } from './stripe-payment-provider';

const FIXTURES = (
  JSON.parse(readFileSync(new URL('../testing/stripe-fixtures.json', import.meta.url), 'utf8')) as {
    resources: Record<string, Record<string, unknown>>;
  }
).resources;
const fixture = (name: string, overrides: Record<string, unknown>) => ({ ...structuredClone(FIXTURES[name]!), ...overrides });

const CREDENTIALS = { secretKey: 'sk_test_platform', webhookSecret: 'whsec_test_secret' };
const ACCOUNT = 'acct_1Owner';

interface Recorded {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey?: string;
  authorization?: string;
}
const requests: Recorded[] = [];
/** The next answer per "METHOD path" (a test sets one to make Stripe fail). */
const overrides = new Map<string, [number, object]>();
/** The "METHOD path"s Stripe never answers (a test sets one to make it time out). */
const hanging = new Set<string>();

const stripeError = (status: number, type: string, message: string, code?: string): [number, object] => [
  status,
  { error: { type, message, ...(code ? { code } : {}) } },
];

function answer(method: string, path: string, form: Record<string, string>): [number, object] {
  const override = overrides.get(`${method} ${path}`);
  if (override) return override;
  const route = `${method} ${path}`;
  if (route === 'POST /v1/accounts')
    return [
      200,
      fixture('account', {
        id: ACCOUNT,
        type: 'express',
        country: 'CA',
        email: form.email,
        metadata: { userId: form['metadata[userId]'] },
      }),
    ];
  if (route === 'POST /v1/account_links')
    return [200, fixture('account_link', { url: `https://connect.stripe.com/setup/e/${form.account}/abc`, expires_at: 1_900_000_300 })];
  if (route === `GET /v1/accounts/${ACCOUNT}`)
    return [200, fixture('account', { id: ACCOUNT, charges_enabled: true, payouts_enabled: true, details_submitted: true })];
  if (route === `POST /v1/accounts/${ACCOUNT}/login_links`)
    return [200, fixture('login_link', { url: `https://connect.stripe.com/express/${ACCOUNT}/xyz` })];
  if (route === 'POST /v1/checkout/sessions')
    return [
      200,
      fixture('checkout.session', {
        id: 'cs_test_1',
        url: 'https://checkout.stripe.com/c/pay/cs_test_1',
        expires_at: Number(form.expires_at),
        amount_total: Number(form['line_items[0][price_data][unit_amount]']),
        currency: 'cad',
        metadata: { contractId: form['metadata[contractId]'], contractVersion: form['metadata[contractVersion]'] },
      }),
    ];
  if (route === 'POST /v1/checkout/sessions/cs_test_1/expire')
    return [200, fixture('checkout.session', { id: 'cs_test_1', status: 'expired' })];
  if (route === 'POST /v1/checkout/sessions/cs_done/expire')
    return stripeError(400, 'invalid_request_error', 'Only Checkout Sessions with a status in ["open"] can be expired.');
  if (route === 'GET /v1/checkout/sessions/cs_done') return [200, fixture('checkout.session', { id: 'cs_done', status: 'complete' })];
  if (route === 'GET /v1/checkout/sessions/cs_paid')
    return [
      200,
      fixture('checkout.session', {
        id: 'cs_paid',
        status: 'complete',
        payment_intent: fixture('payment_intent', { id: 'pi_1', latest_charge: 'ch_1' }),
      }),
    ];
  if (route === 'GET /v1/checkout/sessions/cs_unpaid')
    return [200, fixture('checkout.session', { id: 'cs_unpaid', status: 'open', payment_intent: null })];
  if (route === 'POST /v1/transfers')
    return [200, fixture('transfer', { id: 'tr_1', amount: Number(form.amount), currency: 'cad', destination: form.destination })];
  if (route === 'POST /v1/refunds')
    return [200, fixture('refund', { id: 're_1', payment_intent: form.payment_intent, status: 'succeeded' })];
  if (route === 'POST /v1/transfers/tr_1/reversals')
    return [200, fixture('transfer_reversal', { id: 'trr_1', transfer: 'tr_1', amount: Number(form.amount ?? 11_000), currency: 'cad' })];
  if (route === 'GET /v1/transfers')
    return [200, { object: 'list', url: '/v1/transfers', has_more: false, data: TRANSFER_LISTS[form.transfer_group!] ?? [] }];
  if (route === 'GET /v1/charges/ch_1')
    return [200, fixture('charge', { id: 'ch_1', transfer_group: 'c1', payment_intent: fixture('payment_intent', { id: 'pi_1' }) })];
  if (route === 'GET /v1/charges/ch_2')
    return [
      200,
      fixture('charge', {
        id: 'ch_2',
        transfer_group: null,
        payment_intent: fixture('payment_intent', { id: 'pi_2', transfer_group: 'c2' }),
      }),
    ];
  return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
}

const transfer = (id: string, amount: number, amountReversed: number) =>
  fixture('transfer', {
    id,
    amount,
    amount_reversed: amountReversed,
    reversed: amountReversed === amount,
    currency: 'cad',
    destination: ACCOUNT,
  });
/** The transfers of a group, newest first as Stripe lists them. */
const TRANSFER_LISTS: Record<string, object[]> = {
  c1: [transfer('tr_new', 9_000, 0), transfer('tr_old', 9_000, 0)],
  reversed: [transfer('tr_gone', 9_000, 9_000), transfer('tr_left', 9_000, 4_000)],
  'all-reversed': [transfer('tr_gone', 9_000, 9_000)],
};

let server: Server;
let endpoint: StripeEndpoint;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const form = Object.fromEntries(new URLSearchParams(request.method === 'GET' ? url.search : body));
      const idempotencyKey = request.headers['idempotency-key'];
      requests.push({
        method: request.method ?? '',
        path: url.pathname,
        form,
        authorization: request.headers.authorization,
        ...(typeof idempotencyKey === 'string' ? { idempotencyKey } : {}),
      });
      if (hanging.has(`${request.method} ${url.pathname}`)) return;
      const [status, json] = answer(request.method ?? '', url.pathname, form);
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_1' }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = { host: '127.0.0.1', port: (server.address() as AddressInfo).port, protocol: 'http' };
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);

beforeEach(() => {
  requests.length = 0;
  overrides.clear();
  hanging.clear();
});

const provider = () => stripePaymentProvider(CREDENTIALS, endpoint);

describe('Stripe adapter: Connect onboarding', () => {
  it('creates an Express account in Canada, once per user (idempotency key from the user id)', async () => {
    expect(await provider().createConnectedAccount({ userId: 'u1', email: 'owner@example.ca' })).toEqual({
      accountId: ACCOUNT,
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
    });
    const [request] = requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/accounts', idempotencyKey: 'account-u1' });
    expect(request!.authorization).toBe('Bearer sk_test_platform');
    expect(request!.form).toEqual({
      type: 'express',
      country: 'CA',
      email: 'owner@example.ca',
      'capabilities[card_payments][requested]': 'true',
      'capabilities[transfers][requested]': 'true',
      'metadata[userId]': 'u1',
    });
  });

  it('makes an onboarding Account Link with the refresh and return URLs, each with a key of its own', async () => {
    const link = {
      accountId: ACCOUNT,
      refreshUrl: 'https://site/paiement/fournisseur/actualiser',
      returnUrl: 'https://site/paiement/fournisseur/valider',
    };
    expect(await provider().createOnboardingLink(link)).toEqual({ url: `https://connect.stripe.com/setup/e/${ACCOUNT}/abc` });
    await provider().createOnboardingLink(link);
    expect(requests[0]!.form).toEqual({
      account: ACCOUNT,
      type: 'account_onboarding',
      refresh_url: link.refreshUrl,
      return_url: link.returnUrl,
    });
    expect(requests[0]!.idempotencyKey).toMatch(new RegExp(`^account-link-${ACCOUNT}-`));
    expect(requests[1]!.idempotencyKey).not.toBe(requests[0]!.idempotencyKey);
  });

  it("reads the account's flags back", async () => {
    expect(await provider().retrieveAccount(ACCOUNT)).toEqual({
      accountId: ACCOUNT,
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
    });
    expect(requests[0]).toMatchObject({ method: 'GET', path: `/v1/accounts/${ACCOUNT}` });
  });

  it('makes a login link to the Express dashboard', async () => {
    expect(await provider().createDashboardLink(ACCOUNT)).toEqual({ url: `https://connect.stripe.com/express/${ACCOUNT}/xyz` });
    expect(requests[0]!.path).toBe(`/v1/accounts/${ACCOUNT}/login_links`);
    expect(requests[0]!.idempotencyKey).toMatch(/^login-link-/);
  });
});

describe('Stripe adapter: payment and payout', () => {
  it('creates a Checkout Session in CAD cents, transfer group and metadata naming the contract, its ad and parties, expiring when asked', async () => {
    const expiresAt = new Date('2030-01-01T12:30:00Z');
    const session = await provider().createCheckoutSession({
      contractId: 'c1',
      contractVersion: 3,
      adId: 'a1',
      ownerId: 'u-owner',
      tenantId: 'u-tenant',
      amountCents: 12_345,
      description: 'Cuisine professionnelle, 2 jours',
      successUrl: 'https://site/paiement/succes?contrat=c1',
      cancelUrl: 'https://site/paiement/annule?contrat=c1',
      expiresAt,
      language: 'fr',
      customerEmail: 'tenant@example.ca',
      idempotencyKey: 'checkout-c1-3-1',
    });
    expect(session).toEqual({ sessionId: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1', expiresAt });
    expect(requests[0]!.idempotencyKey).toBe('checkout-c1-3-1');
    expect(requests[0]!.form).toEqual({
      mode: 'payment',
      currency: 'cad',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'cad',
      'line_items[0][price_data][unit_amount]': '12345',
      'line_items[0][price_data][product_data][name]': 'Cuisine professionnelle, 2 jours',
      'payment_intent_data[transfer_group]': 'c1',
      'payment_intent_data[metadata][contractId]': 'c1',
      'payment_intent_data[metadata][contractVersion]': '3',
      'payment_intent_data[metadata][adId]': 'a1',
      'payment_intent_data[metadata][ownerId]': 'u-owner',
      'payment_intent_data[metadata][tenantId]': 'u-tenant',
      'metadata[contractId]': 'c1',
      'metadata[contractVersion]': '3',
      'metadata[adId]': 'a1',
      'metadata[ownerId]': 'u-owner',
      'metadata[tenantId]': 'u-tenant',
      client_reference_id: 'c1',
      expires_at: String(expiresAt.getTime() / 1000),
      success_url: 'https://site/paiement/succes?contrat=c1',
      cancel_url: 'https://site/paiement/annule?contrat=c1',
      locale: 'fr',
      customer_email: 'tenant@example.ca',
    });
  });

  it('expires an open session, and takes a session that is no longer open as done', async () => {
    await provider().expireCheckoutSession('cs_test_1', 'expire-cs_test_1');
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions/cs_test_1/expire',
      idempotencyKey: 'expire-cs_test_1',
    });
    await provider().expireCheckoutSession('cs_done', 'expire-cs_done');
    expect(requests.slice(1).map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/checkout/sessions/cs_done/expire',
      'GET /v1/checkout/sessions/cs_done',
    ]);
  });

  it("reads a paid session's charge through its expanded payment, and refuses a session with none", async () => {
    expect(await provider().checkoutCharge('cs_paid')).toBe('ch_1');
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/v1/checkout/sessions/cs_paid', form: { 'expand[0]': 'payment_intent' } });
    await expect(provider().checkoutCharge('cs_unpaid')).rejects.toMatchObject({ kind: 'invalidRequest' });
  });

  it('transfers from the charge to the connected account, in the contract group', async () => {
    expect(
      await provider().createTransfer({
        amountCents: 11_000,
        destination: ACCOUNT,
        sourceTransaction: 'ch_1',
        transferGroup: 'c1',
        idempotencyKey: 'payout-c1',
      }),
    ).toEqual({ transferId: 'tr_1' });
    expect(requests[0]).toMatchObject({ path: '/v1/transfers', idempotencyKey: 'payout-c1' });
    expect(requests[0]!.form).toEqual({
      amount: '11000',
      currency: 'cad',
      destination: ACCOUNT,
      source_transaction: 'ch_1',
      transfer_group: 'c1',
    });
  });

  it('refunds a payment, whole or in part, naming the contract in its metadata', async () => {
    expect(await provider().createRefund({ paymentIntentId: 'pi_1', contractId: 'c1', idempotencyKey: 'refund-c1' })).toEqual({
      refundId: 're_1',
      state: 'SUCCEEDED',
    });
    await provider().createRefund({ paymentIntentId: 'pi_1', amountCents: 500, contractId: 'c1', idempotencyKey: 'refund-c1-part' });
    expect(requests[0]).toMatchObject({ path: '/v1/refunds', idempotencyKey: 'refund-c1' });
    expect(requests[0]!.form).toEqual({ payment_intent: 'pi_1', 'metadata[contractId]': 'c1' });
    expect(requests[1]!.form).toEqual({ payment_intent: 'pi_1', amount: '500', 'metadata[contractId]': 'c1' });
  });

  it('reverses a transfer, whole or in part, naming the contract in its metadata', async () => {
    expect(await provider().reverseTransfer({ transferId: 'tr_1', contractId: 'c1', idempotencyKey: 'reverse-c1' })).toEqual({
      reversalId: 'trr_1',
      amountCents: 11_000,
    });
    expect(
      await provider().reverseTransfer({ transferId: 'tr_1', amountCents: 4_000, contractId: 'c1', idempotencyKey: 'reverse-c1-part' }),
    ).toEqual({ reversalId: 'trr_1', amountCents: 4_000 });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/transfers/tr_1/reversals',
      idempotencyKey: 'reverse-c1',
      form: { 'metadata[contractId]': 'c1' },
    });
    expect(requests[1]).toMatchObject({ idempotencyKey: 'reverse-c1-part', form: { amount: '4000', 'metadata[contractId]': 'c1' } });
  });

  it("finds a contract's transfer by its group: the newest still holding money, else the newest, else none", async () => {
    expect(await provider().findTransfer('c1')).toEqual({
      transferId: 'tr_new',
      amountCents: 9_000,
      amountReversedCents: 0,
      destination: ACCOUNT,
    });
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/v1/transfers', form: { transfer_group: 'c1', limit: '10' } });
    expect(await provider().findTransfer('reversed')).toMatchObject({ transferId: 'tr_left', amountReversedCents: 4_000 });
    expect(await provider().findTransfer('all-reversed')).toMatchObject({ transferId: 'tr_gone', amountReversedCents: 9_000 });
    expect(await provider().findTransfer('c-none')).toBeNull();
  });

  it("reads a charge's transfer group, from its payment intent when the charge has none", async () => {
    expect(await provider().chargeTransferGroup('ch_1')).toBe('c1');
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/v1/charges/ch_1', form: { 'expand[0]': 'payment_intent' } });
    expect(await provider().chargeTransferGroup('ch_2')).toBe('c2');
    await expect(provider().chargeTransferGroup('ch_unknown')).rejects.toMatchObject({ kind: 'invalidRequest', statusCode: 404 });
  });

  it('sends an idempotency key on every write', async () => {
    const p = provider();
    await p.createConnectedAccount({ userId: 'u2', email: 'a@b.ca' });
    await p.createOnboardingLink({ accountId: ACCOUNT, refreshUrl: 'https://s/r', returnUrl: 'https://s/v' });
    await p.createDashboardLink(ACCOUNT);
    await p.expireCheckoutSession('cs_test_1', 'k-expire');
    await p.createTransfer({
      amountCents: 100,
      destination: ACCOUNT,
      sourceTransaction: 'ch_1',
      transferGroup: 'c',
      idempotencyKey: 'k-tr',
    });
    await p.createRefund({ paymentIntentId: 'pi_1', contractId: 'c', idempotencyKey: 'k-re' });
    await p.reverseTransfer({ transferId: 'tr_1', contractId: 'c', idempotencyKey: 'k-trr' });
    const writes = requests.filter((request) => request.method === 'POST');
    expect(writes).toHaveLength(7);
    for (const write of writes) expect(write.idempotencyKey).toBeTruthy();
  });
});

describe('Stripe adapter: failures', () => {
  it.each([
    [400, 'invalid_request_error', 'invalidRequest', 'account_invalid'],
    [402, 'card_error', 'card', 'card_declined'],
    [401, 'authentication_error', 'authentication', undefined],
    [403, 'permission_error', 'permission', undefined],
    [429, 'rate_limit_error', 'rateLimit', 'rate_limit'],
    [400, 'idempotency_error', 'idempotency', undefined],
    [409, 'invalid_request_error', 'api', undefined], // the same key still in flight: retry later
    [500, 'api_error', 'api', undefined],
  ])('turns a %i %s into a PaymentProviderError of kind %s', async (status, type, kind, code) => {
    overrides.set('POST /v1/transfers', stripeError(status, type, `Stripe says ${type}`, code));
    const error = await provider()
      .createTransfer({ amountCents: 100, destination: ACCOUNT, sourceTransaction: 'ch_1', transferGroup: 'c', idempotencyKey: 'k' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ kind, statusCode: status, message: `Stripe says ${type}`, providerCode: code });
    expect((error as PaymentProviderError).retryable).toBe(['rateLimit', 'api'].includes(kind));
  });

  it('turns an unreachable Stripe into a retryable connection error', async () => {
    const down = stripePaymentProvider(CREDENTIALS, { host: '127.0.0.1', port: 1, protocol: 'http' });
    const error = await down.retrieveAccount(ACCOUNT).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'connection', retryable: true });
  });

  it('gives up on a Stripe that does not answer once its timeout has passed: a retryable connection error, asked once', async () => {
    hanging.add('POST /v1/refunds');
    const slow = stripePaymentProvider(CREDENTIALS, { ...endpoint, timeout: 200 });
    const error = await slow
      .createRefund({ paymentIntentId: 'pi_1', contractId: 'c1', idempotencyKey: 'refund-c1' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ kind: 'connection', retryable: true });
    expect(requests).toHaveLength(1);
  });

  it("refuses a reversal of more than what is left of the transfer, with Stripe's code", async () => {
    overrides.set(
      'POST /v1/transfers/tr_1/reversals',
      stripeError(400, 'invalid_request_error', 'The reversal amount exceeds the transfer amount.', 'transfer_reversal_exceeds_amount'),
    );
    await expect(
      provider().reverseTransfer({ transferId: 'tr_1', amountCents: 20_000, contractId: 'c1', idempotencyKey: 'k' }),
    ).rejects.toMatchObject({
      kind: 'invalidRequest',
      statusCode: 400,
      providerCode: 'transfer_reversal_exceeds_amount',
      retryable: false,
    });
  });

  it('lets a session that is still open after a refused expiry fail', async () => {
    overrides.set('POST /v1/checkout/sessions/cs_open/expire', stripeError(400, 'invalid_request_error', 'No.'));
    overrides.set('GET /v1/checkout/sessions/cs_open', [200, fixture('checkout.session', { id: 'cs_open', status: 'open' })]);
    await expect(provider().expireCheckoutSession('cs_open', 'k')).rejects.toMatchObject({ kind: 'invalidRequest' });
  });
});

describe('Stripe adapter: webhooks', () => {
  const event = JSON.stringify(
    fixture('event', {
      id: 'evt_1',
      type: 'account.updated',
      created: 1_900_000_000,
      data: { object: { id: ACCOUNT, metadata: { userId: 'u1' }, details_submitted: true, charges_enabled: true, payouts_enabled: false } },
    }),
  );
  const sign = (payload: string, secret: string, timestamp: number) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

  it("returns the event of a body signed with the endpoint secret, decoded into the port's terms", () => {
    const restore = useClock(manualClock(new Date(1_900_000_010_000)));
    try {
      expect(provider().verifyWebhook(event, sign(event, CREDENTIALS.webhookSecret, 1_900_000_000))).toEqual({
        id: 'evt_1',
        type: 'account.updated',
        created: 1_900_000_000,
        session: null,
        account: {
          accountId: ACCOUNT,
          userId: 'u1',
          detailsSubmitted: true,
          chargesEnabled: true,
          payoutsEnabled: false,
          bankAccountFingerprints: [],
        },
        money: null,
        charge: null,
      });
    } finally {
      restore();
    }
  });

  it("accepts the Connect endpoint's signature too (the connected accounts' events), and no other", () => {
    const restore = useClock(manualClock(new Date(1_900_000_010_000)));
    try {
      const both = stripePaymentProvider({ ...CREDENTIALS, connectWebhookSecret: 'whsec_test_connect' }, endpoint);
      expect(both.verifyWebhook(event, sign(event, 'whsec_test_connect', 1_900_000_000)).account).toMatchObject({ accountId: ACCOUNT });
      expect(both.verifyWebhook(event, sign(event, CREDENTIALS.webhookSecret, 1_900_000_000)).id).toBe('evt_1');
      expect(() => both.verifyWebhook(event, sign(event, 'whsec_someone_else', 1_900_000_000))).toThrow(WebhookSignatureError);
      // Without a Connect secret, its endpoint's events are refused.
      expect(() => provider().verifyWebhook(event, sign(event, 'whsec_test_connect', 1_900_000_000))).toThrow(WebhookSignatureError);
    } finally {
      restore();
    }
  });

  it('decodes the money event of a signed body', () => {
    const restore = useClock(manualClock(new Date(1_900_000_010_000)));
    try {
      const refunded = JSON.stringify(
        fixture('event', {
          id: 'evt_2',
          type: 'refund.created',
          created: 1_900_000_000,
          data: { object: fixture('refund', { id: 're_1', amount: 500, currency: 'cad', charge: 'ch_1', metadata: { contractId: 'c1' } }) },
        }),
      );
      expect(provider().verifyWebhook(refunded, sign(refunded, CREDENTIALS.webhookSecret, 1_900_000_000)).money).toEqual({
        kind: 'REFUND',
        chargeId: 'ch_1',
        paymentIntentId: null,
        refund: { refundId: 're_1', amountCents: 500, state: 'SUCCEEDED', contractId: 'c1' },
      });
    } finally {
      restore();
    }
  });

  it('refuses another secret, a changed body, an old timestamp and a missing header', () => {
    const restore = useClock(manualClock(new Date(1_900_000_010_000)));
    try {
      const p = provider();
      expect(() => p.verifyWebhook(event, sign(event, 'whsec_other', 1_900_000_000))).toThrow(WebhookSignatureError);
      expect(() => p.verifyWebhook(event.replace('evt_1', 'evt_2'), sign(event, CREDENTIALS.webhookSecret, 1_900_000_000))).toThrow(
        WebhookSignatureError,
      );
      expect(() => p.verifyWebhook(event, sign(event, CREDENTIALS.webhookSecret, 1_900_000_010 - 301))).toThrow(WebhookSignatureError);
      expect(() => p.verifyWebhook(event, '')).toThrow(WebhookSignatureError);
      expect(() => p.verifyWebhook('not json', sign('not json', CREDENTIALS.webhookSecret, 1_900_000_000))).toThrow(WebhookSignatureError);
    } finally {
      restore();
    }
  });
});

describe('Stripe credentials', () => {
  it('reads them from the Secrets Manager secret, refusing an incomplete one', async () => {
    const secrets = mockClient(SecretsManagerClient);
    secrets.on(GetSecretValueCommand, { SecretId: 'arn:stripe' }).resolves({ SecretString: JSON.stringify(CREDENTIALS) });
    secrets.on(GetSecretValueCommand, { SecretId: 'arn:partial' }).resolves({ SecretString: JSON.stringify({ secretKey: 'sk' }) });
    const client = new SecretsManagerClient({});
    expect(await loadStripeCredentials('arn:stripe', client)).toEqual(CREDENTIALS);
    await expect(loadStripeCredentials('arn:partial', client)).rejects.toThrow(/no webhookSecret/);
    secrets.restore();
  });
});
