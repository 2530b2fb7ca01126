// What the paid and refund e-mails say of the numbered documents (issue 39 §4), to each recipient:
// the numbers of the documents addressed to them or issued by them, and the receipt page, where each
// downloads as a PDF in the reader's language.

import type { ContractDocumentRecord } from '../../data/contract-documents';
import type { ContractRecord } from '../../data/contracts';
import { appLink } from '../links';
import { mayRead } from './document-access';

/** The receipt page (web/src/app/paths.ts contractReceiptPath), where the documents download as PDFs. */
const documentsLink = (contractId: string) => appLink(`/contrats/${encodeURIComponent(contractId)}/recu`);

const byId = (documents: ContractDocumentRecord[], id: string) => documents.find((document) => document.id === id);

/** The paid e-mail's documents: the tenant's receipt; the owner's receipt and the platform's invoice to them. */
export function paidDocumentValues(
  contract: ContractRecord,
  documents: ContractDocumentRecord[],
  recipientId: string,
): Record<string, string> {
  const receipt = byId(documents, 'receipt');
  const invoice = byId(documents, 'fee-invoice');
  const documentLines = recipientId === contract.tenantId ? 'tenantDocuments' : invoice ? 'ownerDocuments' : 'ownerDocumentsNoFee';
  return {
    documentLines,
    receiptNumber: receipt?.number ?? '',
    invoiceNumber: invoice?.number ?? '',
    documentsLink: documentsLink(contract.id),
  };
}

/**
 * A refund e-mail's credit notes: those issued with the step it tells (a refund still pending at the
 * provider has none yet: the e-mail says it follows), each recipient's own.
 */
export function creditDocumentValues(
  contract: ContractRecord,
  documents: ContractDocumentRecord[],
  recipientId: string,
): Record<string, string> {
  const stepAt = contract.history.at(-1)?.at ?? '';
  const notes = documents.filter(
    (document) => document.kind === 'CREDIT_NOTE' && document.issuedAt >= stepAt && mayRead(document, recipientId, false),
  );
  const credit = notes.findLast((note) => note.issuer !== 'PLATFORM');
  const feeCredit = notes.findLast((note) => note.issuer === 'PLATFORM');
  const creditLines = !credit
    ? 'noCredit'
    : recipientId === contract.tenantId
      ? 'tenantCredit'
      : feeCredit
        ? 'ownerCreditWithFee'
        : 'ownerCredit';
  return {
    creditLines,
    creditNumber: credit?.number ?? '',
    receiptNumber: credit?.refersTo?.number ?? '',
    feeCreditNumber: feeCredit?.number ?? '',
    invoiceNumber: feeCredit?.refersTo?.number ?? '',
    documentsLink: documentsLink(contract.id),
  };
}
