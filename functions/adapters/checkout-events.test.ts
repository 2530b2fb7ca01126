import { describe, expect, it } from 'vitest';
import { decodeAccount, decodeCheckoutSession } from './checkout-events';

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
    });
    expect(decodeAccount('account.updated', { ...account, metadata: {} })).toBeNull();
    expect(decodeAccount('capability.updated', account)).toBeNull();
  });
});
