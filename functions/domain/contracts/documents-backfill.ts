// One-off maintenance (docs/payments.md "Receipts, invoices and credit notes"): the numbered documents
// are issued at a contract's payment and at its money changes since they exist; a contract paid before
// has none until its next money change, which may never come. This issues, for every paid contract,
// what it calls for and has not got, with the same issueContractDocuments the events run: a second run,
// or one beside a payment, issues nothing twice and takes no number twice. A document issued now is
// dated now (the payment's own date is on it apart) and e-mails nobody: the parties find it on the
// contract's page and their dashboard. It walks the accounts' list and each owner's contracts with
// Query (no Scan, though one would be tolerable in a one-off command: never on a request path).

import { contractDocuments } from '../../data/contract-documents';
import { listUsers } from '../../data/user-directory';
import { allContractsOn } from '../whole-listings';
import { issueContractDocuments } from './contract-documents';

const PAGE = 100;

/** What a run found: the paid contracts it read, and the documents it issued. */
export interface DocumentsBackfill {
  paidContracts: number;
  issued: number;
}

/** The owner's paid contracts given what they miss, counted in `totals`. */
async function backfillOwner(ownerId: string, totals: DocumentsBackfill): Promise<void> {
  for (const contract of await allContractsOn('OWNER', ownerId)) {
    if (!contract.payment) continue;
    totals.paidContracts++;
    const before = (await contractDocuments(contract.id)).length;
    totals.issued += (await issueContractDocuments(contract.id)).length - before;
  }
}

/** Every paid contract's documents made complete. */
export async function backfillContractDocuments(): Promise<DocumentsBackfill> {
  const totals: DocumentsBackfill = { paidContracts: 0, issued: 0 };
  let token: string | undefined;
  do {
    const page = await listUsers(PAGE, token);
    for (const user of page.users) await backfillOwner(user.id, totals);
    token = page.nextToken;
  } while (token);
  return totals;
}
