import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeAccount, decodeChargePayment, decodeCheckoutSession } from './checkout-events';

// Stripe's own example objects (../testing/stripe-fixtures.json), given a contract's ids.
const FIXTURES = (
  JSON.parse(readFileSync(new URL('../testing/stripe-fixtures.json', import.meta.url), 'utf8')) as {
    resources: Record<string, Record<string, unknown>>;
  }
).resources;
const fixture = (name: string, overrides: Record<string, unknown> = {}) => ({ ...structuredClone(FIXTURES[name]!), ...overrides });

const session = (overrides: Record<string, unknown> = {}) => ({
  id: 'cs_1',
  object: 'checkout.session',
  amount_total: 25_000,
  currency: 'cad',
  payment_status: 'paid',
  payment_intent: 'pi_1',
  metadata: { contractId: 'c1', contractVersion: '2', adId: 'a1', ownerId: 'o1', tenantId: 't1' },
  ...overrides,
});

describe('Checkout Session events', () => {
  it('reads the contract, version, ad, parties, payment, amount and currency a session names', () => {
    expect(decodeCheckoutSession('checkout.session.completed', session())).toEqual({
      sessionId: 'cs_1',
      contractId: 'c1',
      contractVersion: 2,
      adId: 'a1',
      ownerId: 'o1',
      tenantId: 't1',
      paymentIntentId: 'pi_1',
      amountCents: 25_000,
      currency: 'cad',
      paid: true,
    });
  });

  it('reads an expanded payment intent, an unpaid session, another currency, and a session from before the metadata named the parties', () => {
    const older = decodeCheckoutSession(
      'checkout.session.expired',
      session({
        payment_intent: { id: 'pi_2' },
        payment_status: 'unpaid',
        currency: 'USD',
        metadata: { contractId: 'c1', contractVersion: '1' },
      }),
    );
    expect(older).toMatchObject({ paymentIntentId: 'pi_2', paid: false, currency: 'usd', adId: undefined, ownerId: undefined });
    expect(decodeCheckoutSession('checkout.session.expired', session({ payment_intent: null, amount_total: null }))).toMatchObject({
      paymentIntentId: null,
      amountCents: null,
    });
  });

  it('is none for a session of no contract, and for another type', () => {
    expect(decodeCheckoutSession('checkout.session.completed', session({ metadata: {} }))).toBeNull();
    expect(
      decodeCheckoutSession('checkout.session.completed', session({ metadata: { contractId: 'c1', contractVersion: 'x' } })),
    ).toBeNull();
    expect(decodeCheckoutSession('charge.refunded', session())).toBeNull();
  });
});

describe('account events', () => {
  it('reads the state of an account the platform created, and nothing of another', () => {
    const account = { id: 'acct_1', metadata: { userId: 'u1' }, details_submitted: true, charges_enabled: 'yes', payouts_enabled: true };
    expect(decodeAccount('account.updated', account)).toEqual({
      accountId: 'acct_1',
      userId: 'u1',
      detailsSubmitted: true,
      chargesEnabled: false,
      payoutsEnabled: true,
      bankAccountFingerprints: [],
    });
    expect(decodeAccount('account.updated', { ...account, metadata: {} })).toBeNull();
    expect(decodeAccount('capability.updated', account)).toBeNull();
  });
});

describe('linked accounts: the fingerprints the provider gives', () => {
  it("reads the fingerprints of an account's bank accounts, not of its cards, each once", () => {
    const bank = fixture('bank_account');
    const account = fixture('account', {
      metadata: { userId: 'u1' },
      external_accounts: {
        object: 'list',
        has_more: false,
        data: [
          bank,
          { ...bank, id: 'ba_2' },
          { id: 'card_1', object: 'card', fingerprint: 'CardPrint' },
          { ...bank, fingerprint: 'Other' },
        ],
      },
    });
    expect(decodeAccount('account.updated', account)?.bankAccountFingerprints).toEqual([bank.fingerprint, 'Other']);
    // An account's event that does not list them (not expanded) has none.
    expect(decodeAccount('account.updated', { ...account, external_accounts: undefined })?.bankAccountFingerprints).toEqual([]);
  });

  it("reads the card's fingerprint, the contract and the tenant of a contract's charge", () => {
    const charge = fixture('charge', {
      id: 'ch_1',
      status: 'succeeded',
      transfer_group: 'c1',
      metadata: { contractId: 'c1', tenantId: 't1' },
    });
    const fingerprint = (charge.payment_method_details as { card: { fingerprint: string } }).card.fingerprint;
    expect(decodeChargePayment('charge.succeeded', charge)).toEqual({
      chargeId: 'ch_1',
      contractId: 'c1',
      tenantId: 't1',
      cardFingerprint: fingerprint,
    });
    // The contract from the metadata when the charge has no transfer group yet; no tenant named: null (read from the contract).
    expect(decodeChargePayment('charge.succeeded', { ...charge, transfer_group: null, metadata: { contractId: 'c2' } })).toMatchObject({
      contractId: 'c2',
      tenantId: null,
    });
    // Another method than a card: no fingerprint.
    expect(
      decodeChargePayment('charge.succeeded', { ...charge, payment_method_details: { type: 'acss_debit', acss_debit: {} } }),
    ).toMatchObject({
      cardFingerprint: null,
    });
  });

  it("is none for a charge of no contract, one that did not succeed, or another event's", () => {
    const charge = fixture('charge', { id: 'ch_1', status: 'succeeded', transfer_group: 'c1' });
    expect(decodeChargePayment('charge.succeeded', { ...charge, transfer_group: null, metadata: {} })).toBeNull();
    expect(decodeChargePayment('charge.succeeded', { ...charge, status: 'failed' })).toBeNull();
    expect(decodeChargePayment('charge.refunded', charge)).toBeNull();
  });
});
