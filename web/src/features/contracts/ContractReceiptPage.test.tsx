import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { startDownload } from '../../lib/files/start-download';
import { i18n } from '../../lib/i18n/i18n';
import { answerOperations, callsOf } from '../../test/fake-api';
import { renderAt, signIn } from '../../test/helpers';
import { aContract, aMoneyState, aPaidContract, aReceiptDocument, registeredVersion } from './test-fixtures';

vi.mock('../../lib/files/start-download', () => ({ startDownload: vi.fn() }));

beforeAll(() => i18n.loadNamespaces(['contracts']));

function open(contract: unknown, path = '/contrats/contract-1/recu', userId = 'tenant-1', more: Record<string, unknown> = {}) {
  signIn('USER', userId);
  answerOperations({ me: { id: userId, profile: { id: userId } }, myUnreadMessageCount: 0, contract, ...more });
  return renderAt(path);
}

describe('the payment receipt', () => {
  it('is offered on a paid contract’s page, with its numbered documents’ PDFs', async () => {
    open(aPaidContract({ viewerRole: 'TENANT', documents: [aReceiptDocument()] }), '/contrats/contract-1');
    expect(await screen.findByRole('link', { name: 'See the payment receipt' })).toHaveAttribute('href', '/contrats/contract-1/recu');
    const documents = screen.getByRole('list', { name: 'Numbered documents' });
    expect(within(documents).getByRole('button', { name: 'Download as PDF: Receipt no. OWNER1-2026-000007' })).toBeVisible();
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
    open(
      aPaidContract({ status: 'PAID', money: aMoneyState({ refundedCents: 23_450, refundableCents: 100_000, ownerShareCents: 100_000 }) }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Payment receipt' });
    const amounts = document.querySelectorAll('dl')[1]!;
    expect(amounts).toHaveTextContent(/Refunded\s*\$234\.50/);
    expect(amounts).toHaveTextContent(/Amount paid, refunds deducted\s*\$1,000\.00/);
  });

  it('shows each numbered document in full: number, both organisations, period, lines, taxes, total, payment date and reference', async () => {
    const receipt = aReceiptDocument();
    const credit = aReceiptDocument({
      id: 'credit-1',
      kind: 'CREDIT_NOTE',
      number: 'OWNER1-2026-000008',
      refersTo: { id: 'receipt', number: receipt.number },
      amounts: { baseCents: 4_349, gstCents: 217, qstCents: 434, totalCents: 5_000 },
      refundReference: 're_3Refunded',
      creditCause: 'REFUND',
    });
    open(aPaidContract({ viewerRole: 'TENANT', documents: [receipt, credit] }));
    await screen.findByRole('heading', { level: 1, name: 'Payment receipt' });
    expect(document.querySelector('dl')).toHaveTextContent(/Receipt no\.\s*OWNER1-2026-000007/);
    const section = screen.getByRole('region', { name: 'Numbered documents' });
    const shown = within(section).getByRole('article', { name: 'Receipt no. OWNER1-2026-000007' });
    expect(shown).toHaveTextContent(
      /Issued by\s*Cuisine du Quartier OBNL\s*100 rue Ontario Est, Montréal\s*H2X 1H1\s*NEQ: 1171234567\s*GST no\.: 123456789RT0001\s*QST no\.: 1234567890TQ0001/,
    );
    expect(shown).toHaveTextContent(/Issued to\s*Traiteur du Plateau\s*5 avenue du Parc, Montréal/);
    expect(shown).toHaveTextContent(/Period\s*from January 11 to 12, 2027 \(2 days\)/);
    const lines = within(shown).getByRole('table');
    expect(within(lines).getByRole('row', { name: /Rental: Commercial kitchen\s*\$1,000\.00/ })).toBeVisible();
    expect(within(lines).getByRole('row', { name: /GST \(5%\)\s*\$50\.00/ })).toBeVisible();
    expect(within(lines).getByRole('row', { name: /QST \(9\.975%\)\s*\$99\.75/ })).toBeVisible();
    expect(within(lines).getByRole('row', { name: /Total\s*\$1,149\.75/ })).toBeVisible();
    expect(shown).toHaveTextContent(/Payment reference\s*pi_3PaidWithACard/);
    // The credit note credits the receipt, its amounts written as negative.
    const note = within(section).getByRole('article', { name: 'Credit note no. OWNER1-2026-000008' });
    expect(note).toHaveTextContent(/Credits document no\.\s*OWNER1-2026-000007/);
    expect(within(note).getByRole('row', { name: /Total credited\s*-\$50\.00/ })).toBeVisible();
    expect(note).toHaveTextContent(/Refund reference\s*re_3Refunded/);
  });

  it('downloads a document as a PDF in the reader’s language', async () => {
    const { user } = open(aPaidContract({ viewerRole: 'TENANT', documents: [aReceiptDocument()] }), undefined, 'tenant-1', {
      contractDocumentDownload: { url: 'http://localhost/documents/pdf?document=receipt', expiresAt: '2026-11-21T15:05:00.000Z' },
    });
    await user.click(await screen.findByRole('button', { name: 'Download as PDF: Receipt no. OWNER1-2026-000007' }));
    await waitFor(() => expect(startDownload).toHaveBeenCalledWith('http://localhost/documents/pdf?document=receipt'));
    expect(callsOf('contractDocumentDownload')).toEqual([
      { input: { contractId: 'contract-1', documentId: 'receipt', language: 'ENGLISH' } },
    ]);
  });

  it('says when the numbered documents are still being issued, and shows them once they are', async () => {
    const issued = aPaidContract({ viewerRole: 'TENANT', documents: [aReceiptDocument()] });
    open([aPaidContract({ viewerRole: 'TENANT' }), issued]);
    await screen.findByRole('heading', { level: 1, name: 'Payment receipt' });
    expect(document.querySelector('dl')).toHaveTextContent(/Receipt no\.\s*The numbered documents are being issued/);
    // Asked again every few seconds until the contract-paid job has issued them.
    await waitFor(() => expect(document.querySelector('dl')).toHaveTextContent(/Receipt no\.\s*[0-9A-Z]{6}-\d{4}-\d{6}/), {
      timeout: 15_000,
    });
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
