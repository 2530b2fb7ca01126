import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n/i18n';
import { answerOperations } from '../../test/fake-api';
import { renderAt, signIn } from '../../test/helpers';
import { aContract, aMoneyState, aPaidContract, registeredVersion } from './test-fixtures';

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

  it('shows a registered owner’s price before taxes, its GST and QST with the owner’s numbers, and the fee’s own taxes', async () => {
    const paid = aPaidContract();
    const taxed = { ...paid.current, ...registeredVersion };
    open(aPaidContract({ viewerRole: 'OWNER', current: taxed, versions: [taxed, paid.versions[1]] }), undefined, 'owner-1');
    await screen.findByRole('heading', { level: 1, name: 'Payment receipt' });
    const amounts = document.querySelectorAll('dl')[1]!;
    expect(amounts).toHaveTextContent(/Price before taxes\s*\$1,000\.00/);
    expect(amounts).toHaveTextContent(/GST \(5%\), no\. 123456789RT0001\s*\$50\.00/);
    expect(amounts).toHaveTextContent(/QST \(9\.975%\), no\. 1234567890TQ0001\s*\$99\.75/);
    expect(amounts).toHaveTextContent(/Amount paid\s*\$1,149\.75/);
    expect(amounts).toHaveTextContent(
      /Platform fee\s*\$100\.00 taxes included: GST \$4\.35, QST \$8\.68 \(platform: GST no\. 987654321RT0001, QST no\. 9876543210TQ0001\)/,
    );
    expect(screen.queryByText(/carries no GST or QST/)).toBeNull();
  });

  it('says why an untaxed receipt carries no GST or QST', async () => {
    open(aPaidContract({ viewerRole: 'TENANT' }));
    await screen.findByRole('heading', { level: 1, name: 'Payment receipt' });
    expect(screen.getByText(/This contract carries no GST or QST: the owner had not said/)).toBeVisible();
    expect(document.querySelectorAll('dl')[1]).not.toHaveTextContent('GST');
    // Only the owner is shown where to state their taxes.
    expect(screen.queryByRole('link', { name: /tax status/ })).toBeNull();
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
