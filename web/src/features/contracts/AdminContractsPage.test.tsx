import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { i18n } from '../../lib/i18n/i18n';
import { answerOperations, callsOf } from '../../test/fake-api';
import { renderAt, signIn } from '../../test/helpers';

beforeAll(() => i18n.loadNamespaces(['contracts']));

const period = {
  precision: 'DAY',
  start: '2027-01-11',
  end: '2027-01-13',
  startAt: '2027-01-11T05:00:00.000Z',
  endAt: '2027-01-13T05:00:00.000Z',
};

const line = (id: string, title: string, overrides: object = {}) => ({
  id,
  status: 'SUBMITTED',
  version: 1,
  adTitle: { fr: title, en: null },
  ownerName: 'Cuisine du Quartier',
  tenantName: 'Traiteur du Plateau',
  period,
  totalPriceCents: 25_000,
  platformFeeCents: 500,
  payment: null,
  payout: null,
  money: null,
  fraudWarning: null,
  partiesLinked: false,
  refundedAt: null,
  availableActions: [],
  createdAt: '2026-11-20T15:00:00.000Z',
  ...overrides,
});

const flagged = line('c-2', 'Chambre froide', {
  status: 'PAID',
  payment: { amountCents: 25_000, paidAt: '2026-11-21T15:00:00.000Z' },
  payout: {
    dueAt: '2027-01-12T05:00:00.000Z',
    failures: 3,
    flagged: true,
    overdue: false,
    lastFailure: 'invalidRequest (account_invalid)',
    paidOutAt: null,
  },
  money: {
    paidCents: 25_000,
    refundedCents: 0,
    refundableCents: 25_000,
    ownerShareCents: 24_500,
    payoutDueAt: '2027-01-12T05:00:00.000Z',
    paidOutCents: 0,
    reversedCents: 0,
    payoutHeld: 'FLAGGED',
    dispute: null,
    refunds: [],
  },
  availableActions: ['REFUND', 'RETRY_PAYOUT'],
});

const disputed = line('c-3', 'Camion réfrigéré', {
  status: 'PAYOUT_DONE',
  payment: { amountCents: 25_000, paidAt: '2026-11-21T15:00:00.000Z' },
  payout: {
    dueAt: '2026-11-22T15:00:00.000Z',
    failures: 0,
    flagged: false,
    overdue: false,
    lastFailure: null,
    paidOutAt: '2026-11-22T15:01:00.000Z',
  },
  money: {
    paidCents: 25_000,
    refundedCents: 5_000,
    refundableCents: 20_000,
    ownerShareCents: 19_500,
    payoutDueAt: null,
    paidOutCents: 24_500,
    reversedCents: 5_000,
    payoutHeld: null,
    dispute: {
      state: 'OPEN',
      reason: 'fraudulent',
      amountCents: 20_000,
      evidenceDueBy: '2026-12-05T04:59:59.000Z',
      openedAt: '2026-11-25T15:00:00.000Z',
      closedAt: null,
    },
    refunds: [{ amountCents: 5_000, state: 'SUCCEEDED', origin: 'OUTSIDE', reason: null, at: '2026-11-24T15:00:00.000Z' }],
  },
  fraudWarning: 'made_with_stolen_card',
  availableActions: [],
});

function open(answers: Record<string, unknown>, path = '/gestion-contrats') {
  signIn('ADMIN', 'admin-1');
  answerOperations(answers);
  return renderAt(path);
}

describe('/gestion-contrats', () => {
  it('says which rentals are between linked accounts, with a link to them', async () => {
    open({
      adminContracts: {
        items: [line('c-1', 'Four à convection'), line('c-3', 'Camion réfrigéré', { partiesLinked: true })],
        nextToken: null,
      },
    });
    const list = await screen.findByRole('list', { name: 'All contracts' });
    const itemOf = (title: string) => within(list).getByRole('link', { name: title }).closest('li')!;
    expect(itemOf('Camion réfrigéré')).toHaveTextContent(
      /Linked accounts\s*The owner and the tenant share a card, a bank account or a network address/,
    );
    expect(within(itemOf('Camion réfrigéré')).getByRole('link', { name: 'See the linked accounts' })).toHaveAttribute(
      'href',
      '/gestion-utilisateurs/comptes-lies',
    );
    expect(itemOf('Four à convection')).not.toHaveTextContent('Linked accounts');
  });

  it('marks a payout whose job never ran as overdue, and offers to run it', async () => {
    const overdue = line('c-9', 'Four mixte', {
      status: 'PAID',
      payment: { amountCents: 25_000, paidAt: '2026-11-21T15:00:00.000Z' },
      payout: { dueAt: '2026-11-22T15:00:00.000Z', failures: 0, flagged: false, overdue: true, lastFailure: null, paidOutAt: null },
      availableActions: ['REFUND', 'RETRY_PAYOUT'],
    });
    open({ adminContracts: { items: [overdue], nextToken: null } });
    const list = await screen.findByRole('list', { name: 'All contracts' });
    const item = within(list).getByRole('link', { name: 'Four mixte' }).closest('li')!;
    expect(item).toHaveTextContent("Overdue: the payout's job did not complete. Run it again.");
    expect(within(item).getByRole('button', { name: 'Retry the payout of “Four mixte”' })).toBeVisible();
  });

  it('lists every contract with its payment and payout, and filters the flagged payouts', async () => {
    const { user } = open({
      adminContracts: (variables: { filter: string }) =>
        variables.filter === 'ALL'
          ? { items: [line('c-1', 'Four à convection'), flagged], nextToken: null }
          : { items: [flagged], nextToken: null },
    });
    const list = await screen.findByRole('list', { name: 'All contracts' });
    const proposed = within(list).getByRole('link', { name: 'Four à convection' }).closest('li')!;
    expect(within(proposed).getByText('Not paid yet')).toBeVisible();
    expect(within(proposed).getByText('Owner: Cuisine du Quartier · Tenant: Traiteur du Plateau')).toBeVisible();
    const paid = within(list).getByRole('link', { name: 'Chambre froide' }).closest('li')!;
    expect(within(paid).getByText(/\$250\.00 received on/)).toBeVisible();
    expect(within(paid).getByText('Failed after 3 refusals: retry it.')).toBeVisible();
    expect(within(paid).getByText('invalidRequest (account_invalid)')).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Show'), 'Failed payouts to retry');
    expect(await screen.findByRole('list', { name: 'Failed payouts to retry' })).toBeVisible();
    expect(callsOf('adminContracts').at(-1)).toMatchObject({ filter: 'PAYOUT_FLAGGED' });
  });

  it('retries a flagged payout and says whether it went through', async () => {
    const { user } = open(
      {
        adminContracts: { items: [flagged], nextToken: null },
        retryContractPayout: [
          { id: 'c-2', status: 'PAID', payout: { flagged: true, lastFailure: 'still restricted' } },
          { id: 'c-2', status: 'PAYOUT_DONE', payout: { flagged: false, lastFailure: null } },
        ],
      },
      '/gestion-contrats?filtre=versements-signales',
    );
    const retry = await screen.findByRole('button', { name: 'Retry the payout of “Chambre froide”' });
    await user.click(retry);
    expect(await screen.findByText(/refused the payout again/)).toBeVisible();
    await user.click(retry);
    expect(await screen.findByText('The payout is done.')).toBeVisible();
    expect(callsOf('retryContractPayout')).toEqual([{ input: { contractId: 'c-2' } }, { input: { contractId: 'c-2' } }]);
  });

  it('refunds in part or in full with a reason, checked before it is sent, for the version listed', async () => {
    const { user } = open({
      adminContracts: { items: [flagged], nextToken: null },
      refundContract: [new ApiError('REFUND_TOO_LARGE', 'too large'), { id: 'c-2', status: 'PAID' }],
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel and refund “Chambre froide”' }));
    const form = screen.getByRole('form', { name: 'Refund the tenant' });
    expect(form).toHaveFocus();
    expect(within(form).getByText(/their share is reduced by as much/)).toBeVisible();
    expect(within(form).getByText(/everything left: \$250\.00/)).toBeVisible();
    // No reason, and more than what is left: refused here, nothing sent.
    await user.type(within(form).getByLabelText('Amount to refund'), '300');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(within(form).getByLabelText('Reason')).toHaveAccessibleDescription(/This field is required/);
    expect(within(form).getByLabelText('Amount to refund')).toHaveAccessibleDescription(/more than what is left to refund/);
    expect(callsOf('refundContract')).toEqual([]);
    // The same reader as every amount field: what reads two ways is refused, not guessed.
    await user.clear(within(form).getByLabelText('Amount to refund'));
    await user.type(within(form).getByLabelText('Amount to refund'), '1,234,56');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(within(form).getByLabelText('Amount to refund')).toHaveAccessibleDescription(/This amount can be read two ways/);
    expect(callsOf('refundContract')).toEqual([]);
    await user.clear(within(form).getByLabelText('Amount to refund'));
    await user.type(within(form).getByLabelText('Amount to refund'), '50,25');
    await user.type(within(form).getByLabelText('Reason'), 'Four en panne le premier jour');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    // The server's answer (another refund came first): its message.
    expect(await screen.findByText('This amount is more than what is left to refund.')).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('The partial refund is done.')).toBeVisible();
    const sent = { input: { contractId: 'c-2', expectedVersion: 1, amountCents: 5_025, reason: 'Four en panne le premier jour' } };
    expect(callsOf('refundContract')).toEqual([sent, sent]);
  });

  it('lists the money to check: an open dispute with its evidence date, a fraud warning, what was refunded and taken back', async () => {
    const { user } = open({
      adminContracts: (variables: { filter: string }) =>
        variables.filter === 'MONEY_ATTENTION' ? { items: [disputed], nextToken: null } : { items: [flagged], nextToken: null },
    });
    await user.selectOptions(await screen.findByLabelText('Show'), 'Money to check (disputes, fraud, failed refunds)');
    const list = await screen.findByRole('list', { name: 'Money to check (disputes, fraud, failed refunds)' });
    expect(callsOf('adminContracts').at(-1)).toMatchObject({ filter: 'MONEY_ATTENTION' });
    const card = within(list).getByRole('link', { name: 'Camion réfrigéré' }).closest('li')!;
    expect(within(card).getByText(/Open for \$200\.00/)).toBeVisible();
    expect(within(card).getByText(/The bank's reason: fraudulent/)).toBeVisible();
    expect(within(card).getByText(/Evidence due by/)).toBeVisible();
    expect(within(card).getByText(/reports fraud \(made_with_stolen_card\)/)).toBeVisible();
    expect(within(card).getByText("Taken back from the owner's payout").nextElementSibling).toHaveTextContent('$50.00');
    expect(await screen.findByRole('option', { name: /Money to check/ })).toBeInTheDocument();
  });

  it('says when there is nothing to retry', async () => {
    open({ adminContracts: { items: [], nextToken: null } }, '/gestion-contrats?filtre=versements-signales');
    expect(await screen.findByText('No failed payout: nothing to retry.')).toBeVisible();
  });

  it('offers to read the list again when it failed', async () => {
    open({ adminContracts: new ApiError('INTERNAL', 'down') });
    expect(await screen.findByText('An unexpected error has occurred.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
