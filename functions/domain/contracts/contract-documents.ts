// The numbered documents of a paid contract (issue 39 §4; docs/payments.md, "Receipts, invoices and
// credit notes"):
// - the owner's receipt to the tenant (the rental, its GST and QST): numbered in the owner's series;
// - the platform's invoice to the owner for its fee (its own GST and QST included): in the platform's
//   series `PA-<year>-<000123>`, when there is a fee;
// - per refund that went through (a party's, an administrator's, a cancellation's, one made in the
//   provider's dashboard) or a chargeback, a credit note of the receipt in the owner's series, and one
//   of the fee invoice in the platform's when the refund reaches the fee (refunds come out of the
//   owner's share first), each referring to its original and crediting its part with its taxes.
// Issuing is safe to run again and from anywhere: it reads the contract and the documents it has, and
// writes what is missing, each with its series' next number in one transaction with the counter
// (functions/data/contract-documents.ts). The contract-paid job issues the receipt and the invoice; every
// money change recorded (contract-money-changes.ts) issues what its refunds call for.

import { quebecWallClock } from '@partage/graphql';
import { platformIdentityEnv } from '../../adapters/env';
import { getAds, type AdRecord } from '../../data/ads';
import {
  contractDocuments,
  lastNumbers,
  putNumberedDocuments,
  seriesName,
  type ContractDocumentRecord,
  type DocumentIssuerKey,
  type DocumentPartyRecord,
} from '../../data/contract-documents';
import { getContract, type ContractRecord, type TaxLinesRecord } from '../../data/contracts';
import { DataRefusal } from '../../data/errors';
import { getUsers } from '../../data/user-directory';
import type { UserRecord } from '../../data/users';
import { now } from '../clock';
import { contractTaxesOf } from './contract-taxes';
import { feeCreditedCents, nextCredit, sumOfLines, type Creditable } from './document-credits';

/** The platform's series. */
export const PLATFORM_SERIES_PREFIX = 'PA';

/**
 * An owner's series: the first six letters and digits of their account's id, in capitals (`3F9A1C`).
 * Never two letters long, so never the platform's.
 */
export const ownerSeriesPrefix = (ownerId: string): string =>
  ownerId
    .replace(/[^a-z0-9]/gi, '')
    .slice(0, 6)
    .toUpperCase();

/** `PA-2026-000123`: the series, the year of issue, the number in the year. */
export const documentNumber = (prefix: string, year: number, sequence: number): string =>
  `${prefix}-${year}-${String(sequence).padStart(6, '0')}`;

const prefixOf = (issuer: DocumentIssuerKey) =>
  issuer === 'PLATFORM' ? PLATFORM_SERIES_PREFIX : ownerSeriesPrefix(issuer.slice('OWNER#'.length));

/** A document before its number. */
type Draft = Omit<ContractDocumentRecord, 'number' | 'year' | 'sequence'>;

/** What the documents name besides the contract: both parties and the ad, as they are now. */
interface Names {
  owner: UserRecord;
  tenant: UserRecord;
  ad: AdRecord | undefined;
}

const partyOf = (user: UserRecord, numbers: Pick<TaxLinesRecord, 'gstNumber' | 'qstNumber'> | null): DocumentPartyRecord => ({
  userId: user.id,
  name: user.organizationName || user.publicName,
  address: user.address ?? null,
  postalCode: user.postalCode ?? null,
  neq: user.organizationNEQ ?? null,
  gstNumber: numbers?.gstNumber ?? null,
  qstNumber: numbers?.qstNumber ?? null,
});

const platformParty = (numbers: Pick<TaxLinesRecord, 'gstNumber' | 'qstNumber'>): DocumentPartyRecord => {
  const { name, address } = platformIdentityEnv();
  return { userId: null, name, address, postalCode: null, neq: null, gstNumber: numbers.gstNumber, qstNumber: numbers.qstNumber };
};

/** What every document of the contract says of it: the version paid, the ad, the period, the payment. */
function contractFacts(contract: ContractRecord, ad: AdRecord | undefined) {
  const { content, payment } = contract;
  return {
    contractId: contract.id,
    contractVersion: contract.version,
    adTitle: { fr: ad?.content.title.fr ?? null, en: ad?.content.title.en ?? null },
    period: { precision: content.precision, start: content.start, end: content.end, startAt: content.startAt, endAt: content.endAt },
    payment: { paidAt: payment!.paidAt, reference: payment!.paymentIntentId },
  };
}

/** The receipt and, when there is a fee, the fee invoice (only those not issued yet). */
function originals(contract: ContractRecord, documents: ContractDocumentRecord[], names: Names, at: string): Draft[] {
  const taxes = contractTaxesOf(contract.content);
  const facts = contractFacts(contract, names.ad);
  const drafts: Draft[] = [
    {
      ...facts,
      id: 'receipt',
      kind: 'RECEIPT',
      issuer: `OWNER#${contract.ownerId}`,
      issuedAt: at,
      refersTo: null,
      seller: partyOf(names.owner, taxes.owner),
      buyer: partyOf(names.tenant, null),
      line: 'RENTAL',
      amounts: pickLines(taxes.owner),
      rates: taxes.owner.gstNumber ? taxes.rates : null,
      credit: null,
    },
  ];
  if (contract.content.platformFeeCents > 0)
    drafts.push({
      ...facts,
      id: 'fee-invoice',
      kind: 'FEE_INVOICE',
      issuer: 'PLATFORM',
      issuedAt: at,
      refersTo: null,
      seller: platformParty(taxes.platformFee),
      buyer: partyOf(names.owner, taxes.owner),
      line: 'PLATFORM_FEE',
      amounts: pickLines(taxes.platformFee),
      rates: taxes.platformFee.gstNumber ? taxes.rates : null,
      credit: null,
    });
  return drafts.filter((draft) => !documents.some((document) => document.id === draft.id));
}

const pickLines = ({ baseCents, gstCents, qstCents, totalCents }: TaxLinesRecord) => ({ baseCents, gstCents, qstCents, totalCents });

/**
 * What the credit notes must credit in all: the refunds that went through, and never less than what
 * the provider says the charge gave back (a refund told only by its total, a chargeback lost).
 */
export function creditableCents(contract: Pick<ContractRecord, 'refunds' | 'payment'>): number {
  const succeeded = Object.values(contract.refunds ?? {})
    .filter((refund) => refund.state === 'SUCCEEDED')
    .reduce((sum, refund) => sum + refund.amountCents, 0);
  return Math.min(contract.payment?.amountCents ?? 0, Math.max(succeeded, contract.payment?.chargeRefundedCents ?? 0));
}

/** The credit notes crediting `original` so far. */
const creditsOf = (documents: ContractDocumentRecord[], original: ContractDocumentRecord) =>
  documents.filter((document) => document.refersTo?.id === original.id);

/**
 * The next refund's credit notes (none when everything given back is credited): one of the receipt for
 * the next refund not credited yet (the oldest first), or for what is left when the provider told a
 * total without its refunds (or the bank took the payment back); and one of the fee invoice for the part
 * of the fee that the money given back now takes, if it takes more than before.
 */
function nextCredits(contract: ContractRecord, documents: ContractDocumentRecord[], at: string): Draft[] {
  const receipt = documents.find((document) => document.id === 'receipt')!;
  const receiptCredits = creditsOf(documents, receipt);
  const credited = sumOfLines(receiptCredits.map((note) => note.amounts));
  const left = creditableCents(contract) - credited.totalCents;
  if (left <= 0) return [];
  const noted = new Set(receiptCredits.map((note) => note.credit?.reference));
  const [refundId, refund] =
    Object.entries(contract.refunds ?? {})
      .filter(([id, entry]) => entry.state === 'SUCCEEDED' && !noted.has(id) && entry.amountCents <= left)
      .sort(([a, x], [b, y]) => x.at.localeCompare(y.at) || a.localeCompare(b))[0] ?? [];
  const credit: Draft['credit'] = refund
    ? { cause: 'REFUND', reference: refundId! }
    : contract.dispute?.state === 'LOST'
      ? { cause: 'CHARGEBACK', reference: contract.dispute.disputeId }
      : { cause: 'REFUND', reference: null };
  const creditedNow = credited.totalCents + (refund?.amountCents ?? left);
  const n = receiptCredits.length + 1;
  const noteOf = (original: ContractDocumentRecord, id: string, before: Creditable['amounts'], cents: number): Draft => ({
    ...original,
    id,
    kind: 'CREDIT_NOTE',
    issuedAt: at,
    refersTo: { id: original.id, number: original.number },
    amounts: nextCredit(original, before, cents),
    credit,
  });
  const notes = [noteOf(receipt, `credit-${n}`, credited, creditedNow)];
  const invoice = documents.find((document) => document.id === 'fee-invoice');
  if (invoice) {
    const feeCredited = sumOfLines(creditsOf(documents, invoice).map((note) => note.amounts));
    const feeNow = feeCreditedCents(receipt.amounts.totalCents, invoice.amounts.totalCents, creditedNow);
    if (feeNow > feeCredited.totalCents) notes.push(noteOf(invoice, `fee-credit-${n}`, feeCredited, feeNow));
  }
  return notes;
}

/** Whether the receipt, or the fee invoice of a contract with a fee, is still to issue. */
const originalsMissing = (contract: ContractRecord, documents: ContractDocumentRecord[]) =>
  (contract.content.platformFeeCents > 0 ? ['receipt', 'fee-invoice'] : ['receipt']).some(
    (id) => !documents.some((document) => document.id === id),
  );

/** Rounds of read, number and write before giving up on series many writers are numbering at once. */
const ISSUE_TRIES = 40;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.min(200, 10 * attempt) + Math.random() * 40));

/**
 * Issues what the paid contract calls for and has not got (see the top of this file), each numbered
 * once: a round reads the contract, its documents and its series' last numbers, writes the next
 * documents with their numbers, and starts again; a round refused because a series moved on or another
 * run issued the same document meanwhile reads again. Answers the contract's documents.
 */
export async function issueContractDocuments(contractId: string): Promise<ContractDocumentRecord[]> {
  let names: Names | undefined;
  for (let attempt = 1; ; attempt++) {
    const [contract, documents] = await Promise.all([getContract(contractId), contractDocuments(contractId)]);
    if (!contract?.payment) return documents;
    const at = now().toISOString();
    // The originals first (they name both parties, read once), then the credit notes, a refund at a time.
    const withOriginals = originalsMissing(contract, documents);
    if (withOriginals) names ??= await namesOf(contract);
    if (withOriginals && !names) return documents;
    const drafts = withOriginals ? originals(contract, documents, names!, at) : nextCredits(contract, documents, at);
    if (drafts.length === 0) return documents;
    const year = Number(quebecWallClock(new Date(at)).slice(0, 4));
    const last = await lastNumbers(drafts.map(({ issuer }) => ({ issuer, year })));
    const numbered = drafts.map((draft): ContractDocumentRecord => {
      const sequence = last.get(seriesName(draft.issuer, year))! + 1;
      return { ...draft, year, sequence, number: documentNumber(prefixOf(draft.issuer), year, sequence) };
    });
    try {
      await putNumberedDocuments(numbered, last);
      attempt = 0;
    } catch (error) {
      if (!(error instanceof DataRefusal && error.reason === 'STALE_VERSION') || attempt >= ISSUE_TRIES) throw error;
      await pause(attempt);
    }
  }
}

async function namesOf(contract: ContractRecord): Promise<Names | undefined> {
  const [users, [ad]] = await Promise.all([getUsers([contract.ownerId, contract.tenantId]), getAds([contract.adId])]);
  const owner = users.find((user) => user.id === contract.ownerId);
  const tenant = users.find((user) => user.id === contract.tenantId);
  return owner && tenant ? { owner, tenant, ad } : undefined;
}

/** Whether a money change may call for a credit note: something was given back that the documents may not credit yet. */
export const mayNeedCredit = (contract: ContractRecord): boolean => Boolean(contract.payment) && creditableCents(contract) > 0;
