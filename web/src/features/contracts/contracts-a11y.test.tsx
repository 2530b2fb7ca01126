// axe on the contract screens as rendered in jsdom, in both languages (colour contrast needs a real browser).
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/i18n';
import { answerOperations } from '../../test/fake-api';
import { renderAt, signIn } from '../../test/helpers';
import { aContract, aPaidContract, aReceiptDocument } from './test-fixtures';

beforeAll(async () => {
  await i18n.loadNamespaces(['contracts', 'editor']);
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});

async function violations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

/** A payment disputed after part of it was refunded from the provider. */
const MONEY = {
  paidCents: 123_450,
  refundedCents: 23_450,
  refundableCents: 100_000,
  ownerShareCents: 100_000,
  payoutDueAt: '2027-01-12T05:00:00.000Z',
  paidOutCents: 0,
  reversedCents: 0,
  payoutHeld: 'DISPUTE',
  dispute: {
    state: 'OPEN',
    reason: 'fraudulent',
    amountCents: 100_000,
    evidenceDueBy: '2026-12-05T04:59:59.000Z',
    openedAt: '2026-11-25T15:00:00.000Z',
    closedAt: null,
  },
  refunds: [{ amountCents: 23_450, state: 'SUCCEEDED', origin: 'OUTSIDE', reason: null, at: '2026-11-24T15:00:00.000Z' }],
};

const OWNER = { me: { id: 'owner-1', profile: { id: 'owner-1' } }, myUnreadMessageCount: 0 };

describe('contract screens accessibility', () => {
  it.each(['en', 'fr'] as const)('the contract page has no axe violation (%s)', async (language) => {
    await i18n.changeLanguage(language);
    signIn('USER', 'owner-1');
    answerOperations({ ...OWNER, contract: aContract() });
    renderAt('/contrats/contract-1');
    await screen.findByRole('heading', { level: 1 });
    expect(await violations()).toEqual([]);
  });

  it.each(['en', 'fr'] as const)('a disputed contract with refunds has no axe violation (%s)', async (language) => {
    await i18n.changeLanguage(language);
    signIn('USER', 'owner-1');
    answerOperations({ ...OWNER, contract: aContract({ status: 'PAID', availableActions: [], money: MONEY }) });
    renderAt('/contrats/contract-1');
    await screen.findByRole('region', { name: language === 'en' ? 'Payment' : 'Paiement' });
    expect(await violations()).toEqual([]);
  });

  it.each(['en', 'fr'] as const)('the payment receipt has no axe violation (%s)', async (language) => {
    await i18n.changeLanguage(language);
    signIn('USER', 'owner-1');
    const credit = aReceiptDocument({ id: 'credit-1', kind: 'CREDIT_NOTE', refersTo: { id: 'receipt', number: 'OWNER1-2026-000007' } });
    answerOperations({ ...OWNER, contract: aPaidContract({ money: MONEY, documents: [aReceiptDocument(), credit] }) });
    renderAt('/contrats/contract-1/recu');
    await screen.findByRole('button', { name: language === 'en' ? 'Print the receipt' : 'Imprimer le reçu' });
    expect(await violations()).toEqual([]);
  });

  it.each(['en', 'fr'] as const)('the contract form has no axe violation (%s)', async (language) => {
    await i18n.changeLanguage(language);
    signIn('USER', 'owner-1');
    answerOperations({ ...OWNER, contract: aContract() });
    renderAt('/contrats/contract-1/modifier');
    await screen.findByRole('button', { name: language === 'en' ? 'Save a new version' : 'Enregistrer une nouvelle version' });
    expect(await violations()).toEqual([]);
  });

  it.each(['en', 'fr'] as const)('the dashboard has no axe violation (%s)', async (language) => {
    await i18n.changeLanguage(language);
    signIn('USER', 'owner-1');
    answerOperations({ ...OWNER, myContracts: { items: [], nextToken: null } });
    renderAt('/tableau-de-bord');
    await screen.findAllByText(language === 'en' ? /No contract was proposed to you/ : /Aucun contrat ne vous a été proposé/);
    expect(await violations()).toEqual([]);
  });

  it.each(['en', 'fr'] as const)('the administrators’ contracts list has no axe violation (%s)', async (language) => {
    await i18n.changeLanguage(language);
    signIn('ADMIN', 'admin-1');
    const { current, ...contract } = aContract({ status: 'PAID' });
    answerOperations({
      adminContracts: {
        items: [
          {
            id: contract.id,
            status: 'PAID',
            version: 2,
            adTitle: contract.ad.title,
            ownerName: contract.owner.publicName,
            tenantName: contract.tenant.publicName,
            period: current.period,
            totalPriceCents: current.totalPriceCents,
            platformFeeCents: current.platformFeeCents,
            payment: { amountCents: current.totalPriceCents, paidAt: '2026-11-21T15:00:00.000Z' },
            payout: {
              dueAt: '2027-01-12T05:00:00.000Z',
              failures: 3,
              flagged: true,
              overdue: false,
              lastFailure: 'invalidRequest',
              paidOutAt: null,
            },
            money: MONEY,
            fraudWarning: 'made_with_stolen_card',
            refundedAt: null,
            availableActions: ['REFUND', 'RETRY_PAYOUT'],
            createdAt: contract.createdAt,
          },
        ],
        nextToken: null,
      },
    });
    const { user } = renderAt('/gestion-contrats');
    await screen.findByRole('button', { name: language === 'en' ? /Retry the payout/ : /Relancer le versement/ });
    expect(await violations()).toEqual([]);
    // The refund form, with its errors shown.
    await user.click(screen.getByRole('button', { name: language === 'en' ? /Cancel and refund/ : /Annuler et rembourser/ }));
    await user.click(screen.getByRole('button', { name: language === 'en' ? 'Refund' : 'Rembourser' }));
    expect(await violations()).toEqual([]);
  });
});
