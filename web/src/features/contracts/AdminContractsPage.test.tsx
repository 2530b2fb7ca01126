import { screen, waitFor, within } from '@testing-library/react';
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
    lastFailure: 'invalidRequest (account_invalid)',
    paidOutAt: null,
  },
  availableActions: ['REFUND', 'RETRY_PAYOUT'],
});

function open(answers: Record<string, unknown>, path = '/gestion-contrats') {
  signIn('ADMIN', 'admin-1');
  answerOperations(answers);
  return renderAt(path);
}

describe('/gestion-contrats', () => {
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

  it('refunds a paid contract after a confirmation, for the version listed', async () => {
    const { user } = open({
      adminContracts: { items: [flagged], nextToken: null },
      refundContract: { id: 'c-2', status: 'REFUNDED' },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel and refund “Chambre froide”' }));
    const confirm = screen.getByRole('group', { name: /Cancel this paid contract/ });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, refund the tenant' }));
    await waitFor(() => expect(callsOf('refundContract')).toEqual([{ input: { contractId: 'c-2', expectedVersion: 1 } }]));
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
