import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/i18n';
import { answerOperations, callsOf, emit, subscriptionsTo } from '../../test/fake-api';
import { renderAt, signIn } from '../../test/helpers';
import { aContract } from './test-fixtures';

beforeAll(() => i18n.loadNamespaces(['contracts']));

function open(path: string, contract: unknown) {
  signIn('USER', 'tenant-1');
  answerOperations({ me: { id: 'tenant-1', profile: { id: 'tenant-1' } }, myUnreadMessageCount: 0, contract });
  return renderAt(path);
}

describe('payment success page', () => {
  it('says the payment is being confirmed until the contract event shows it PAID', async () => {
    open('/paiement/succes?contrat=contract-1', aContract({ viewerRole: 'TENANT', availableActions: ['CANCEL', 'PAY'] }));
    expect(await screen.findByText(/Payment being confirmed/)).toBeVisible();
    expect(callsOf('contract')).toContainEqual({ id: 'contract-1' });
    await waitFor(() => expect(subscriptionsTo('onContractEvent')).toEqual([{ userId: 'tenant-1' }]));
    answerOperations({ contract: aContract({ viewerRole: 'TENANT', status: 'PAID', availableActions: [] }) });
    emit('onContractEvent', {
      userId: 'tenant-1',
      contractId: 'contract-1',
      kind: 'PAID',
      status: 'PAID',
      version: 2,
      at: '2026-11-21T10:00:00.000Z',
    });
    expect(await screen.findByText(/Payment confirmed: the contract is paid/)).toBeVisible();
    expect(screen.queryByText(/Payment being confirmed/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the contract' })).toHaveAttribute('href', '/contrats/contract-1');
  });
});

describe('payment cancel page', () => {
  it('says nothing was charged and leads back to the contract, which stays payable', async () => {
    open('/paiement/annule?contrat=contract-1', aContract({ viewerRole: 'TENANT' }));
    expect(await screen.findByText(/The payment was cancelled and nothing was charged/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Try the payment again' })).toHaveAttribute('href', '/contrats/contract-1');
  });
});
