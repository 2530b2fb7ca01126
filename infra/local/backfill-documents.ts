// `npm run backfill:documents`: issues the numbered receipts, fee invoices and credit notes of the
// contracts paid before they existed, against the local data folder (docs/payments.md). Idempotent:
// run it again and nothing is issued. Stop `npm start` first.

import { runOneOff } from './one-off';

await runOneOff('backfill-documents', async () => {
  // Imported once the functions' environment is set.
  const { backfillContractDocuments } = await import('@partage/functions/domain/contracts/documents-backfill');
  const { paidContracts, issued } = await backfillContractDocuments();
  console.log(`Contract documents: ${paidContracts} paid contract(s) read, ${issued} document(s) issued.`);
});
