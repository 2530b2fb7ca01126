// Who reads a contract's numbered documents, and how (issue 39 §4): the organisation that issued a
// document and the one it is addressed to, and administrators. So the tenant reads the owner's receipt
// and its credit notes; the owner those and the platform's fee invoice to them with its credit notes.
// Anyone else is refused as the contract's page refuses them (UNAUTHORIZED_ACCESS, whether or not the
// contract exists). The PDF is downloaded from a link the API gives the reader for a few minutes
// (document-links.ts); its route (handlers/contract-documents.ts) checks the same rights again.

import {
  AppError,
  assertValid,
  CONTRACT_DOCUMENT_LINK_MINUTES,
  oneOf,
  required,
  type ContractDocument,
  type ContractDocumentDownload,
  type ContractDocumentDownloadInput,
  type ContractDocumentLink,
  type ContractRole,
} from '@partage/graphql';
import { contractDocuments, getContractDocuments, type ContractDocumentRecord } from '../../data/contract-documents';
import { getContract, type ContractRecord } from '../../data/contracts';
import { now } from '../clock';
import { requireRole, SIGNED_IN, unauthorized, type Identity } from '../identity';
import { appLink } from '../links';
import { documentLinkToken, DOCUMENT_PDF_PATH } from './document-links';

/** Whether `userId` may read the document: the organisation that issued it or the one it is addressed to, or an administrator. */
export const mayRead = (document: Pick<ContractDocumentRecord, 'seller' | 'buyer'>, userId: string, isAdmin: boolean): boolean =>
  isAdmin || document.seller.userId === userId || document.buyer.userId === userId;

/** A document as the API gives it. */
export function contractDocumentView(document: ContractDocumentRecord): ContractDocument {
  return {
    id: document.id,
    kind: document.kind,
    issuer: document.issuer === 'PLATFORM' ? 'PLATFORM' : 'OWNER',
    number: document.number,
    issuedAt: document.issuedAt,
    refersTo: document.refersTo,
    seller: document.seller,
    buyer: document.buyer,
    line: document.line,
    amounts: document.amounts,
    gstRate: document.rates?.gst ?? null,
    qstRate: document.rates?.qst ?? null,
    contractVersion: document.contractVersion,
    adTitle: document.adTitle,
    period: document.period,
    paidAt: document.payment.paidAt,
    paymentReference: document.payment.reference,
    refundReference: document.credit?.reference ?? null,
    creditCause: document.credit?.cause ?? null,
  };
}

/** Who reads the contract on `side`: the party's account (an administrator reads every document). */
const readerOn = (contract: Pick<ContractRecord, 'ownerId' | 'tenantId'>, side: ContractRole) =>
  side === 'OWNER' ? contract.ownerId : side === 'TENANT' ? contract.tenantId : '';

/** The documents of a contract its reader on `role`'s side may read, oldest first (none before payment). */
export async function readableDocuments(contract: ContractRecord, role: ContractRole): Promise<ContractDocument[]> {
  if (!contract.payment) return [];
  return (await contractDocuments(contract.id))
    .filter((document) => mayRead(document, readerOn(contract, role), role === 'ADMIN'))
    .map(contractDocumentView);
}

/** The receipt and fee invoice of each paid contract of a dashboard page that its reader on `side` may read, by contract. */
export async function dashboardDocuments(
  contracts: ContractRecord[],
  side: 'OWNER' | 'TENANT',
): Promise<Map<string, ContractDocumentLink[]>> {
  const paid = contracts.filter((contract) => contract.payment);
  const documents = await getContractDocuments(
    paid.flatMap(({ id }) => ['receipt', 'fee-invoice'].map((documentId) => ({ contractId: id, documentId }))),
  );
  const links = new Map<string, ContractDocumentLink[]>();
  const byId = new Map(paid.map((contract) => [contract.id, contract]));
  for (const document of documents.sort((a, b) => a.issuedAt.localeCompare(b.issuedAt) || a.number.localeCompare(b.number))) {
    if (!mayRead(document, readerOn(byId.get(document.contractId)!, side), false)) continue;
    links.set(document.contractId, [
      ...(links.get(document.contractId) ?? []),
      { id: document.id, kind: document.kind, number: document.number },
    ]);
  }
  return links;
}

/**
 * The document `documentId` of the contract, for `userId`: UNAUTHORIZED_ACCESS unless they are a party
 * or an administrator (whether or not the contract exists), or when the document is neither issued by
 * nor addressed to them; NOT_FOUND when the contract has no such document.
 */
export async function readableDocument(
  userId: string,
  isAdmin: boolean,
  contractId: string,
  documentId: string,
): Promise<ContractDocumentRecord> {
  const contract = contractId ? await getContract(contractId) : undefined;
  if (!contract || !(userId === contract.ownerId || userId === contract.tenantId || isAdmin)) throw unauthorized();
  const document = (await contractDocuments(contract.id)).find((candidate) => candidate.id === documentId);
  if (!document) throw new AppError('NOT_FOUND', 'The contract has no such document');
  if (!mayRead(document, userId, isAdmin)) throw unauthorized();
  return document;
}

/** A link to a document's PDF in the reader's language, for CONTRACT_DOCUMENT_LINK_MINUTES (refusals: readableDocument's). */
export async function contractDocumentDownload(
  identity: Identity,
  input: ContractDocumentDownloadInput,
): Promise<ContractDocumentDownload> {
  const userId = requireRole(identity, SIGNED_IN);
  const document = await readableDocument(userId, identity.role === 'ADMIN', input?.contractId ?? '', input?.documentId ?? '');
  assertValid([['input.language', required(input.language) ?? oneOf(['FRENCH', 'ENGLISH'])(input.language)]]);
  const expiresAt = new Date(now().getTime() + CONTRACT_DOCUMENT_LINK_MINUTES * 60_000);
  const url = appLink(DOCUMENT_PDF_PATH, {
    contrat: document.contractId,
    document: document.id,
    lang: input.language === 'ENGLISH' ? 'en' : 'fr',
    utilisateur: userId,
    jeton: await documentLinkToken(userId, expiresAt),
  });
  return { url, expiresAt: expiresAt.toISOString() };
}
