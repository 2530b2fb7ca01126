import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n/i18n';
import { answerOperations } from '../../test/fake-api';
import { renderAt, signIn } from '../../test/helpers';
import { aContract, aMoneyState, aPaidContract } from './test-fixtures';

beforeAll(() => i18n.loadNamespaces(['contracts']));

function open(contract: unknown, path = '/contrats/contract-1/recu', userId = 'tenant-1') {
  signIn('USER', userId);
  answerOperations({ me: { id: userId, profile: { id: userId } }, myUnreadMessageCount: 0, contract });
  return renderAt(path);
}

describe('the payment receipt', () => {
  it('is offered on a paid contract’s page', async () => {
    open(aPaidContract({ viewerRole: 'TENANT' }), '/contrats/contract-1');
    expect(await screen.findByRole('link', { name: 'See the payment receipt' })).toHaveAttribute('href', '/contrats/contract-1/recu');
  });

  it('is not offered before the payment', async () => {
    open(aContract(), '/contrats/contract-1', 'owner-1');
    await screen.findByRole('heading', { level: 1, name: /Contract: Commercial kitchen/ });
    expect(screen.queryByRole('link', { name: 'See the payment receipt' })).toBeNull();
  });

  it('gives the e-mail’s figures for the books: who paid whom, for what and when, and prints', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = open(aPaidContract({ viewerRole: 'TENANT' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment receipt' })).toBeVisible();
    const [facts, amounts] = document.querySelectorAll('dl');
    expect(facts).toHaveTextContent('contract-1');
    expect(facts).toHaveTextContent(/Version paid\s*2/);
    expect(facts).toHaveTextContent(/Paid by \(tenant\)\s*Traiteur du Plateau/);
    expect(facts).toHaveTextContent(/Owner\s*Cuisine du Quartier OBNL \(Cuisine du Quartier\)/);
    expect(facts).toHaveTextContent('Commercial kitchen');
    expect(amounts).toHaveTextContent(/Amount paid\s*\$1,234\.50/);
    expect(amounts).not.toHaveTextContent('Refunded');
    await user.click(screen.getByRole('button', { name: 'Print the receipt' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('shows what was refunded and what is left paid', async () => {
    open(aPaidContract({ status: 'PAID', money: aMoneyState({ refundedCents: 23_450, ownerShareCents: 100_000 }) }));
    await screen.findByRole('heading', { level: 1, name: 'Payment receipt' });
    const amounts = document.querySelectorAll('dl')[1]!;
    expect(amounts).toHaveTextContent(/Refunded\s*\$234\.50/);
    expect(amounts).toHaveTextContent(/Amount paid, refunds deducted\s*\$1,000\.00/);
  });

  it('says an unpaid contract has none', async () => {
    open(aContract({ viewerRole: 'TENANT' }));
    expect(await screen.findByText('This contract is not paid: it has no receipt.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the contract' })).toHaveAttribute('href', '/contrats/contract-1');
  });

  it('is refused for someone else’s contract', async () => {
    open(null);
    expect(await screen.findByText('This contract does not exist or does not concern you.')).toBeVisible();
  });
});
