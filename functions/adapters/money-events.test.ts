// The money events decoded from Stripe's own example objects (../testing/stripe-fixtures.json), made
// CAD and given the ids and amounts of a contract's payment; another currency or a malformed object is
// UNUSABLE, never a guess.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeMoneyEvent } from './money-events';
import { MONEY_EVENT_TYPES } from './payment-provider';

const FIXTURES = (
  JSON.parse(readFileSync(new URL('../testing/stripe-fixtures.json', import.meta.url), 'utf8')) as {
    resources: Record<string, Record<string, unknown>>;
  }
).resources;
const cad = (name: string, overrides: Record<string, unknown> = {}) => ({
  ...structuredClone(FIXTURES[name]!),
  currency: 'cad',
  ...overrides,
});

const refund = (overrides: Record<string, unknown> = {}) =>
  cad('refund', { id: 're_1', amount: 2_500, charge: 'ch_1', payment_intent: 'pi_1', metadata: { contractId: 'c1' }, ...overrides });
const charge = (overrides: Record<string, unknown> = {}) =>
  cad('charge', { id: 'ch_1', amount: 10_000, amount_refunded: 2_500, payment_intent: 'pi_1', transfer_group: 'c1', ...overrides });
const dispute = (overrides: Record<string, unknown> = {}) =>
  cad('dispute', { id: 'dp_1', amount: 10_000, charge: 'ch_1', payment_intent: 'pi_1', reason: 'fraudulent', ...overrides });
const DUE_BY = 1_900_000_000;

describe('decodeMoneyEvent', () => {
  it('reads a refund, its state and the contract named in its metadata', () => {
    expect(decodeMoneyEvent('refund.created', refund())).toEqual({
      kind: 'REFUND',
      chargeId: 'ch_1',
      paymentIntentId: 'pi_1',
      refund: { refundId: 're_1', amountCents: 2_500, state: 'SUCCEEDED', contractId: 'c1' },
    });
    for (const [status, state] of [
      ['pending', 'PENDING'],
      ['requires_action', 'PENDING'],
      ['failed', 'FAILED'],
      ['canceled', 'CANCELED'],
    ])
      expect(decodeMoneyEvent('refund.updated', refund({ status }))).toMatchObject({ refund: { state } });
    // Made in the dashboard: no contract; an expanded charge is read by its id.
    expect(
      decodeMoneyEvent('refund.failed', refund({ metadata: {}, charge: cad('charge', { id: 'ch_2' }), payment_intent: null })),
    ).toMatchObject({ chargeId: 'ch_2', paymentIntentId: null, refund: { contractId: null } });
  });

  it("reads a charge's refunded total, with its refunds when listed and without them (recent API versions)", () => {
    expect(decodeMoneyEvent('charge.refunded', charge({ refunds: { object: 'list', data: [refund()], has_more: false } }))).toEqual({
      kind: 'CHARGE_REFUNDED',
      chargeId: 'ch_1',
      paymentIntentId: 'pi_1',
      transferGroup: 'c1',
      amountCents: 10_000,
      amountRefundedCents: 2_500,
      refunds: [{ refundId: 're_1', amountCents: 2_500, state: 'SUCCEEDED', contractId: 'c1' }],
    });
    const withoutRefunds: Record<string, unknown> = charge({ transfer_group: null });
    delete withoutRefunds.refunds;
    expect(decodeMoneyEvent('charge.refunded', withoutRefunds)).toMatchObject({ transferGroup: null, refunds: [] });
  });

  it("reads a dispute's state, its phase from the event type, and the evidence deadline while a response is awaited", () => {
    expect(
      decodeMoneyEvent(
        'charge.dispute.created',
        dispute({ status: 'needs_response', evidence_details: { due_by: DUE_BY, has_evidence: false } }),
      ),
    ).toEqual({
      kind: 'DISPUTE',
      disputeId: 'dp_1',
      chargeId: 'ch_1',
      paymentIntentId: 'pi_1',
      amountCents: 10_000,
      state: 'OPEN',
      providerStatus: 'needs_response',
      reason: 'fraudulent',
      evidenceDueBy: new Date(DUE_BY * 1000).toISOString(),
      phase: 'created',
    });
    for (const [type, status, state] of [
      ['charge.dispute.updated', 'warning_needs_response', 'OPEN'],
      ['charge.dispute.updated', 'under_review', 'OPEN'],
      ['charge.dispute.closed', 'warning_closed', 'WARNING_CLOSED'],
      ['charge.dispute.closed', 'won', 'WON'],
      ['charge.dispute.funds_reinstated', 'won', 'WON'],
      ['charge.dispute.closed', 'lost', 'LOST'],
    ]) {
      const decoded = decodeMoneyEvent(type!, dispute({ status, evidence_details: { due_by: DUE_BY } }));
      expect(decoded).toMatchObject({ state, providerStatus: status, phase: type!.split('.').pop() });
      expect(decoded).toHaveProperty('evidenceDueBy', status === 'warning_needs_response' ? new Date(DUE_BY * 1000).toISOString() : null);
    }
  });

  it('reads an early fraud warning, which carries no amount', () => {
    expect(
      decodeMoneyEvent('radar.early_fraud_warning.created', { ...FIXTURES['radar.early_fraud_warning']!, id: 'issfr_1', charge: 'ch_1' }),
    ).toEqual({
      kind: 'FRAUD_WARNING',
      warningId: 'issfr_1',
      chargeId: 'ch_1',
      paymentIntentId: null,
      fraudType: 'misc',
      actionable: true,
    });
  });

  it('reads a reversed transfer and its contract group', () => {
    expect(
      decodeMoneyEvent(
        'transfer.reversed',
        cad('transfer', { id: 'tr_1', amount: 9_000, amount_reversed: 4_000, reversed: false, transfer_group: 'c1' }),
      ),
    ).toEqual({ kind: 'TRANSFER_REVERSED', transferId: 'tr_1', transferGroup: 'c1', amountCents: 9_000, amountReversedCents: 4_000 });
  });

  it('decodes every money event type it is subscribed to, and nothing else', () => {
    const objects: Record<string, Record<string, unknown>> = {
      refund: refund(),
      charge: charge(),
      dispute: dispute({ status: 'under_review' }),
      radar: FIXTURES['radar.early_fraud_warning']!,
      transfer: cad('transfer'),
    };
    for (const type of MONEY_EVENT_TYPES) {
      const object = objects[type.startsWith('charge.dispute.') ? 'dispute' : type.split('.')[0]!]!;
      expect(decodeMoneyEvent(type, object)?.kind, type).not.toMatch(/UNUSABLE|undefined/);
    }
    expect(decodeMoneyEvent('checkout.session.completed', cad('checkout.session'))).toBeNull();
    expect(decodeMoneyEvent('account.updated', FIXTURES.account!)).toBeNull();
  });

  it('finds unusable an event in another currency, one with a field missing or malformed, or a status it does not know', () => {
    // Stripe's own examples are in USD.
    expect(decodeMoneyEvent('charge.refunded', { ...FIXTURES.charge! })).toEqual({
      kind: 'UNUSABLE',
      reason: 'charge.refunded: currency usd, not cad',
    });
    expect(decodeMoneyEvent('charge.refunded', charge({ refunds: { data: [refund({ currency: 'usd' })] } }))).toMatchObject({
      kind: 'UNUSABLE',
    });
    expect(decodeMoneyEvent('refund.created', refund({ charge: null }))).toEqual({ kind: 'UNUSABLE', reason: 'refund.created: no charge' });
    expect(decodeMoneyEvent('refund.created', refund({ amount: 12.5 }))).toEqual({
      kind: 'UNUSABLE',
      reason: 'refund.created: amount is not an amount',
    });
    expect(decodeMoneyEvent('refund.updated', refund({ status: 'reversed' }))).toMatchObject({ kind: 'UNUSABLE' });
    expect(decodeMoneyEvent('charge.dispute.closed', dispute({ status: 'prevented' }))).toMatchObject({ kind: 'UNUSABLE' });
    expect(decodeMoneyEvent('charge.dispute.created', { currency: 'cad' })).toMatchObject({ kind: 'UNUSABLE' });
    expect(decodeMoneyEvent('transfer.reversed', { ...cad('transfer'), amount_reversed: '100' })).toMatchObject({ kind: 'UNUSABLE' });
  });
});
