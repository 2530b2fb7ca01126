import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { i18n } from '../../lib/i18n/i18n';
import { answerOperations, callsOf, emit, subscriptionsTo } from '../../test/fake-api';
import { renderAt, signIn } from '../../test/helpers';
import { leaveForProvider } from '../../lib/payments/leave-for-provider';
import { aContract, aMoneyState, aPaidContract, registeredVersion } from './test-fixtures';

vi.mock('../../lib/payments/leave-for-provider', () => ({ leaveForProvider: vi.fn() }));

beforeAll(() => i18n.loadNamespaces(['contracts']));
afterEach(() => vi.mocked(leaveForProvider).mockReset());

const notifications = () => [...document.querySelectorAll('.notification__text')].map((n) => n.textContent);

function open(contract: unknown, userId = 'owner-1', role: 'USER' | 'ADMIN' = 'USER') {
  signIn(role, userId);
  answerOperations({ me: { id: userId, profile: { id: userId } }, myUnreadMessageCount: 0, contract });
  return renderAt('/contrats/contract-1');
}

describe('contract page', () => {
  it('shows the owner the parties, the money in dollars with 2 decimals, terms, files, versions, history and their actions', async () => {
    open(aContract());
    expect(await screen.findByRole('heading', { level: 1, name: /Contract: Commercial kitchen/ })).toBeVisible();
    expect(screen.getByText('Cuisine du Quartier (Cuisine du Quartier OBNL)')).toBeVisible();
    expect(screen.getByText('Traiteur du Plateau')).toBeVisible();
    expect(screen.getAllByText('$1,234.50')).toHaveLength(2);
    expect(screen.getByText('$0.00')).toBeVisible();
    expect(screen.getAllByText('from January 11 to 12, 2027 (2 days)')[0]).toBeVisible();
    expect(screen.getByRole('link', { name: 'inventaire.pdf' })).toHaveAttribute('href', 'https://files.test/inventaire.pdf');
    expect(screen.getByText(/Version 1 of/)).toBeVisible();
    expect(screen.getByText(/Cuisine du Quartier changed the contract \(version 2\)\./)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Change the contract' })).toHaveAttribute('href', '/contrats/contract-1/modifier');
    expect(screen.getByRole('button', { name: 'Cancel the contract' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the conversation' })).toHaveAttribute('href', '/conversations/conv-1');
  });

  it('shows the GST and QST lines of a registered owner’s version, each with its number', async () => {
    const contract = aContract();
    open(aContract({ current: { ...contract.current, ...registeredVersion } }));
    await screen.findByRole('heading', { level: 1, name: /Contract: Commercial kitchen/ });
    const facts = screen.getByRole('region', { name: 'Current version (2)' });
    expect(facts).toHaveTextContent(/Price before taxes\s*\$1,000\.00/);
    expect(facts).toHaveTextContent(/GST \(5%\), no\. 123456789RT0001\s*\$50\.00/);
    expect(facts).toHaveTextContent(/QST \(9\.975%\), no\. 1234567890TQ0001\s*\$99\.75/);
    expect(facts).toHaveTextContent(/Total amount\s*\$1,149\.75/);
    expect(facts).toHaveTextContent(/Amount paid out to the owner\s*\$1,049\.75/);
  });

  it('tells an owner who has not stated their taxes that the contract has none, and where to state them', async () => {
    open(aContract());
    expect(await screen.findByText(/This contract carries no GST or QST/)).toBeVisible();
    expect(screen.getByRole('link', { name: "State your organisation's tax status in your profile" })).toHaveAttribute(
      'href',
      '/modifier-profil',
    );
  });

  it('offers the tenant cancellation only, and no action that does nothing', async () => {
    open(aContract({ viewerRole: 'TENANT', availableActions: ['CANCEL'] }), 'tenant-1');
    expect(await screen.findByText(/it is the one you will accept and pay/)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Change the contract' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toContain('Cancel the contract');
    expect(screen.queryByRole('button', { name: /pay/i })).not.toBeInTheDocument();
  });

  it('leads a party who still has to rate a rental that is over to the rating screen', async () => {
    open(aContract({ status: 'CLOSED', availableActions: [], ratingToGive: { deadline: '2026-12-04T17:00:00.000Z', started: false } }));
    expect(await screen.findByRole('link', { name: /^Rate before Dec 4, 2026/ })).toHaveAttribute(
      'href',
      '/contrats/contract-1/evaluation',
    );
  });

  it('sends the tenant to the hosted payment page for the version shown when they accept and pay', async () => {
    const { user } = open(aContract({ viewerRole: 'TENANT', availableActions: ['CANCEL', 'PAY'] }), 'tenant-1');
    answerOperations({ acceptAndPayContract: { url: 'https://checkout.test/cs_1', expiresAt: '2026-11-21T10:31:00.000Z' } });
    await user.click(await screen.findByRole('button', { name: 'Accept and pay' }));
    await waitFor(() => expect(leaveForProvider).toHaveBeenCalledWith('https://checkout.test/cs_1'));
    expect(callsOf('acceptAndPayContract')).toEqual([{ input: { contractId: 'contract-1', expectedVersion: 2 } }]);
  });

  it('says why a payment could not start, and stays on the page', async () => {
    const { user } = open(aContract({ viewerRole: 'TENANT', availableActions: ['CANCEL', 'PAY'] }), 'tenant-1');
    answerOperations({ acceptAndPayContract: new ApiError('DATES_UNAVAILABLE', 'taken') });
    await user.click(await screen.findByRole('button', { name: 'Accept and pay' }));
    await waitFor(() => expect(notifications()).toContain('These dates are no longer available: they are booked for another contract.'));
    expect(leaveForProvider).not.toHaveBeenCalled();
  });

  it('refunds a paid contract after a confirmation, on the version shown', async () => {
    const { user } = open(aContract({ status: 'PAID', availableActions: ['REFUND'] }));
    answerOperations({ refundContract: { id: 'contract-1', status: 'REFUNDED' } });
    await user.click(await screen.findByRole('button', { name: 'Cancel and refund' }));
    await user.click(screen.getByRole('button', { name: 'Yes, refund the tenant' }));
    await waitFor(() => expect(callsOf('refundContract')).toEqual([{ input: { contractId: 'contract-1', expectedVersion: 2 } }]));
    await waitFor(() => expect(notifications()).toContain('The contract is cancelled and the tenant is refunded.'));
  });

  it('moves the focus into a confirmation when it opens, and back to its button on Escape or "keep"', async () => {
    const { user } = open(aContract({ status: 'PAID', availableActions: ['REFUND'] }));
    const refund = await screen.findByRole('button', { name: 'Cancel and refund' });
    await user.click(refund);
    const question = screen.getByRole('group', { name: /refund the tenant/i });
    expect(question).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: /refund the tenant/i })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel and refund' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.tab();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Cancel and refund' })).toHaveFocus();
    expect(callsOf('refundContract')).toEqual([]);
  });

  it('cancels after a confirmation, on the version shown', async () => {
    const { user } = open(aContract());
    answerOperations({ cancelContract: { id: 'contract-1', status: 'CANCELLED' } });
    await user.click(await screen.findByRole('button', { name: 'Cancel the contract' }));
    const confirm = screen.getByRole('group', { name: 'Cancel this contract? It can no longer be paid.' });
    await user.click(within(confirm).getByRole('button', { name: 'No, keep it' }));
    expect(callsOf('cancelContract')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel the contract' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the contract' }));
    await waitFor(() => expect(callsOf('cancelContract')).toEqual([{ input: { contractId: 'contract-1', expectedVersion: 2 } }]));
    await waitFor(() => expect(notifications()).toContain('The contract is cancelled.'));
  });

  it("shows the version's cancellation policy", async () => {
    open(aContract());
    const facts = await screen.findByRole('region', { name: 'Current version (2)' });
    expect(facts).toHaveTextContent(
      /Cancellation policy\s*Moderate: full refund until 5 days before the start, then half until the start\./,
    );
  });

  it('says when a contract predates cancellation policies, and whom to ask', async () => {
    const contract = aContract();
    open(aContract({ current: { ...contract.current, cancellationPolicy: null } }));
    const facts = await screen.findByRole('region', { name: 'Current version (2)' });
    expect(facts).toHaveTextContent(/Cancellation policy\s*None: this contract predates cancellation policies/);
  });

  it('lets the paid tenant cancel after reading what goes back, and sends that amount', async () => {
    const quote = { policy: 'MODERATE', percent: 50, refundCents: 61_725, until: '2027-01-11T05:00:00.000Z' };
    const { user } = open(aPaidContract({ viewerRole: 'TENANT', availableActions: ['CANCEL'], cancellationQuote: quote }), 'tenant-1');
    await user.click(await screen.findByRole('button', { name: 'Cancel the rental' }));
    answerOperations({ cancelContract: { id: 'contract-1', status: 'PAID' } });
    const confirm = screen.getByRole('group', { name: /You will be refunded \$617\.25 \(50% of the amount paid\)/ });
    expect(confirm).toHaveTextContent(/The dates will be freed, and this amount holds until Jan 11, 2027, 12:00 a\.m\.(?!\.)/);
    await user.click(within(confirm).getByRole('button', { name: 'Yes, cancel the rental' }));
    await waitFor(() =>
      expect(callsOf('cancelContract')).toEqual([{ input: { contractId: 'contract-1', expectedVersion: 2, expectedRefundCents: 61_725 } }]),
    );
    await waitFor(() => expect(notifications()).toContain('The rental is cancelled. The refund is on its way to your card.'));
  });

  it('reads the contract again when the amount changed before the tenant confirmed', async () => {
    const quote = { policy: 'MODERATE', percent: 100, refundCents: 123_450, until: '2027-01-06T05:00:00.000Z' };
    const { user } = open(aPaidContract({ viewerRole: 'TENANT', availableActions: ['CANCEL'], cancellationQuote: quote }), 'tenant-1');
    await user.click(await screen.findByRole('button', { name: 'Cancel the rental' }));
    const reads = callsOf('contract').length;
    answerOperations({
      cancelContract: new ApiError('CANCELLATION_TERMS_CHANGED', 'changed'),
      contract: aPaidContract({
        viewerRole: 'TENANT',
        availableActions: ['CANCEL'],
        cancellationQuote: { ...quote, percent: 50, refundCents: 61_725 },
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the rental' }));
    await waitFor(() =>
      expect(notifications()).toContain(
        'The refund changed since the page was shown (a deadline of the policy has passed). Read the new amount before confirming.',
      ),
    );
    await waitFor(() => expect(callsOf('contract').length).toBeGreaterThan(reads));
    await user.click(screen.getByRole('button', { name: 'Cancel the rental' }));
    expect(screen.getByRole('group', { name: /You will be refunded \$617\.25/ })).toBeVisible();
  });

  it('shows a cancelled paid rental as cancelled, with what went back', async () => {
    open(aPaidContract({ cancellation: { at: '2026-12-01T15:00:00.000Z', policy: 'MODERATE', percent: 50, refundCents: 61_725 } }));
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Cancelled');
    expect(
      screen.getByText(/Rental cancelled by the tenant on Dec 1, 2026, 10:00 a\.m\.: \$617\.25 refunded \(50% of the amount paid\)\./),
    ).toBeVisible();
    expect(document.querySelector('.contract__next')).toHaveTextContent('The tenant cancelled this rental');
  });

  it('shows an administrator the reason of a refund in the history', async () => {
    const contract = aPaidContract();
    open(
      aPaidContract({
        viewerRole: 'ADMIN',
        history: [
          ...contract.history,
          {
            kind: 'PARTLY_REFUNDED',
            at: '2026-11-22T15:00:00.000Z',
            actorId: 'admin-1',
            status: 'PAID',
            version: 2,
            reason: 'Geste commercial',
          },
        ],
      }),
      'admin-1',
      'ADMIN',
    );
    expect(await screen.findByText(/Part of the payment is refunded to the tenant\. Reason: “Geste commercial”\./)).toBeVisible();
  });

  it('says why a cancellation failed', async () => {
    const { user } = open(aContract());
    answerOperations({ cancelContract: new ApiError('CONTRACT_CHANGED', 'changed') });
    await user.click(await screen.findByRole('button', { name: 'Cancel the contract' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the contract' }));
    await waitFor(() =>
      expect(notifications()).toContain('This contract changed since you opened it. Reload the page to see its current version.'),
    );
  });

  it('follows changes live: a contract event reads the contract again', async () => {
    open(aContract());
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(subscriptionsTo('onContractEvent')).toEqual([{ userId: 'owner-1' }]));
    const reads = callsOf('contract').length;
    answerOperations({ contract: aContract({ status: 'CANCELLED', availableActions: [] }) });
    emit('onContractEvent', {
      userId: 'owner-1',
      contractId: 'contract-1',
      kind: 'CANCELLED',
      status: 'CANCELLED',
      version: 2,
      at: '2026-11-21T10:00:00.000Z',
    });
    await waitFor(() => expect(callsOf('contract').length).toBeGreaterThan(reads));
    expect(await screen.findByText('This contract was cancelled; there is nothing left to do.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel the contract' })).not.toBeInTheDocument();
  });

  describe('the payment section', () => {
    const money = aMoneyState;
    const dispute = {
      state: 'OPEN',
      reason: 'fraudulent',
      amountCents: 123_450,
      evidenceDueBy: '2026-12-05T04:59:59.000Z',
      openedAt: '2026-11-25T15:00:00.000Z',
      closedAt: null,
    };
    const section = async () => screen.findByRole('region', { name: 'Payment' });

    it('tells a party of an open dispute: the payout waits, the bank’s reason and evidence date are for administrators', async () => {
      open(
        aContract({ status: 'PAID', viewerRole: 'TENANT', availableActions: [], money: money({ payoutHeld: 'DISPUTE', dispute }) }),
        'tenant-1',
      );
      const payment = await section();
      expect(within(payment).getByRole('status')).toHaveTextContent(/The tenant's bank disputes this payment/);
      expect(within(payment).getByText('On hold: the payment is disputed')).toBeVisible();
      expect(within(payment).getByText('Open for $1,234.50')).toBeVisible();
      expect(within(payment).queryByText(/fraudulent/)).toBeNull();
      expect(within(payment).queryByText(/Evidence due/)).toBeNull();
    });

    it('shows the owner a partial refund made from the provider, their share after it, and what was taken back of their payout', async () => {
      const refunds = [{ amountCents: 23_450, state: 'SUCCEEDED', origin: 'OUTSIDE', reason: 'Panne', at: '2026-11-24T15:00:00.000Z' }];
      open(
        aContract({
          status: 'PAYOUT_DONE',
          availableActions: [],
          money: money({
            refundedCents: 23_450,
            refundableCents: 100_000,
            ownerShareCents: 100_000,
            payoutDueAt: null,
            paidOutCents: 123_450,
            reversedCents: 23_450,
            refunds,
          }),
          history: [{ kind: 'PARTLY_REFUNDED', at: '2026-11-24T15:00:00.000Z', actorId: null, status: 'PAYOUT_DONE', version: 2 }],
        }),
      );
      const payment = await section();
      expect(within(payment).getByText('Refunded to the tenant').nextElementSibling).toHaveTextContent('$234.50');
      expect(within(payment).getByText("Owner's share after refunds").nextElementSibling).toHaveTextContent('$1,000.00');
      expect(within(payment).getByText("Taken back from the owner's payout").nextElementSibling).toHaveTextContent('$234.50');
      expect(within(payment).getByText(/\$234\.50 on .*, from the payment provider$/)).toBeVisible();
      expect(within(payment).queryByText(/Panne/)).toBeNull();
      expect(screen.getByText(/Part of the payment is refunded to the tenant\./)).toBeVisible();
    });

    it('shows an administrator the reasons and asks theirs before a refund after the payout', async () => {
      const { user } = open(
        aContract({
          status: 'CLOSED',
          viewerRole: 'ADMIN',
          availableActions: ['REFUND'],
          money: money({ payoutDueAt: null, paidOutCents: 123_450, dispute: { ...dispute, state: 'WON', evidenceDueBy: null } }),
        }),
        'admin-1',
        'ADMIN',
      );
      const payment = await section();
      expect(within(payment).getByText(/Closed: the payment stands The bank's reason: fraudulent\./)).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Cancel and refund' }));
      expect(screen.getByRole('form', { name: 'Refund the tenant' })).toHaveTextContent(/first taken back from their payout/);
    });
  });

  it('shows a third party nothing', async () => {
    open(new ApiError('UNAUTHORIZED_ACCESS', 'no'), 'someone-else');
    expect(await screen.findByText('This contract does not exist or does not concern you.')).toBeVisible();
    expect(screen.queryByText('Traiteur du Plateau')).not.toBeInTheDocument();
  });

  it("shows an administrator the contract, without a party's actions or conversation", async () => {
    open(aContract({ viewerRole: 'ADMIN', availableActions: [] }), 'admin-1', 'ADMIN');
    expect(await screen.findByText("The contract awaits the tenant's acceptance and payment.")).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Go to the conversation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel the contract' })).not.toBeInTheDocument();
  });
});
