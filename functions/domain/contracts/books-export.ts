// An organisation's books over a period, as one CSV file (issue 39 §5; docs/rentals.md, "Export for
// the books"): one line per numbered document it issued or received in the period (its receipts to
// tenants, the receipts of its own rentals, the platform's fee invoices to it, the credit notes of
// each) and per payout made to it or amount taken back from one. Administrators export the platform's:
// its fee invoices and their credit notes. Documents are read by issuer and by recipient over their
// time of issue (GSI1/GSI2 of functions/data/contract-documents.ts), payouts from the owner's contracts.
//
// The file is for a spreadsheet or a bookkeeping program: UTF-8 with a byte order mark (so that Excel
// reads the accents), comma-separated (RFC 4180), dates `YYYY-MM-DD` in Quebec time, amounts in integer
// cents and in dollars written `-1234.56` whatever the language (a decimal comma would need another
// separator), credits and amounts taken back negative so that a column adds up to the period's total;
// texts people typed never start a formula.

import {
  AppError,
  assertValid,
  booksPeriodChecks,
  booksPeriodInstants,
  booksPeriodTooLong,
  formatContractPeriod,
  quebecToday,
  typedAmountOf,
  type BooksExport,
  type BooksExportInput,
  type UiLanguage,
} from '@partage/graphql';
import { documentText, type DocumentTextKey } from '@partage/graphql/documents';
import { getAds } from '../../data/ads';
import { documentsIssued, type ContractDocumentRecord } from '../../data/contract-documents';
import { ownerContractsBefore, type ContractRecord } from '../../data/contracts';
import { getUser } from '../../data/users';
import { adTitleIn } from '../ads/ad-title';
import { ADMIN_ONLY, requireRole, USER_ONLY, type Identity } from '../identity';

/** One line of the file, before it is written. */
interface BooksLine {
  at: string;
  type: DocumentTextKey;
  number: string;
  refersTo: string;
  direction: 'booksIssued' | 'booksReceived';
  contractId: string;
  ad: string;
  counterparty: string;
  counterpartyGst: string;
  counterpartyQst: string;
  period: string;
  /** Signed: a credit or an amount taken back is negative. */
  amounts: { baseCents: number; gstCents: number; qstCents: number; totalCents: number };
  reference: string;
}

const COLUMNS: DocumentTextKey[] = [
  'booksDate',
  'booksType',
  'booksNumber',
  'booksRefersTo',
  'booksDirection',
  'booksContract',
  'booksAd',
  'booksCounterparty',
  'booksCounterpartyGst',
  'booksCounterpartyQst',
  'booksPeriod',
  'booksBaseCents',
  'booksGstCents',
  'booksQstCents',
  'booksTotalCents',
  'booksBaseDollars',
  'booksGstDollars',
  'booksQstDollars',
  'booksTotalDollars',
  'booksReference',
];

/** The period asked for, checked: VALIDATION_FAILED (`input.from`, `input.to`), EXPORT_PERIOD_TOO_LONG. */
function checkedPeriod(input: BooksExportInput) {
  assertValid(booksPeriodChecks(input ?? { from: '', to: '' }).map(([path, rule]) => [`input.${path}`, rule]));
  if (booksPeriodTooLong(input)) throw new AppError('EXPORT_PERIOD_TOO_LONG', 'An export covers a year at most');
  return booksPeriodInstants(input);
}

/** The caller's organisation's books over the period. */
export async function booksExport(identity: Identity, input: BooksExportInput): Promise<BooksExport> {
  const userId = requireRole(identity, USER_ONLY);
  const { fromAt, toAt } = checkedPeriod(input);
  const [user, issued, received, owned] = await Promise.all([
    getUser(userId),
    documentsIssued({ issuer: `OWNER#${userId}` }, fromAt, toAt),
    documentsIssued({ recipientId: userId }, fromAt, toAt),
    ownerContractsBefore(userId, toAt),
  ]);
  const language = user?.language ?? 'fr';
  const payouts = await payoutLines(owned, fromAt, toAt, language);
  const lines = [
    ...issued.map((document) => documentLine(document, 'booksIssued', language)),
    ...received.map((document) => documentLine(document, 'booksReceived', language)),
    ...payouts,
  ];
  return fileOf(lines, input, language);
}

/** The platform's books over the period (administrators). */
export async function platformBooksExport(identity: Identity, input: BooksExportInput): Promise<BooksExport> {
  const userId = requireRole(identity, ADMIN_ONLY);
  const { fromAt, toAt } = checkedPeriod(input);
  const [admin, issued] = await Promise.all([getUser(userId), documentsIssued({ issuer: 'PLATFORM' }, fromAt, toAt)]);
  const language = admin?.language ?? 'fr';
  return fileOf(
    issued.map((document) => documentLine(document, 'booksIssued', language)),
    input,
    language,
  );
}

const sign = (document: ContractDocumentRecord) => (document.kind === 'CREDIT_NOTE' ? -1 : 1);

function documentLine(document: ContractDocumentRecord, direction: BooksLine['direction'], language: UiLanguage): BooksLine {
  const other = direction === 'booksIssued' ? document.buyer : document.seller;
  const s = sign(document);
  const { baseCents, gstCents, qstCents, totalCents } = document.amounts;
  return {
    at: document.issuedAt,
    type: document.kind,
    number: document.number,
    refersTo: document.refersTo?.number ?? '',
    direction,
    contractId: document.contractId,
    ad: document.adTitle[language] ?? document.adTitle.fr ?? document.adTitle.en ?? '',
    counterparty: other.name ?? (other.userId ? '' : documentText(language, 'platformName')),
    counterpartyGst: other.gstNumber ?? '',
    counterpartyQst: other.qstNumber ?? '',
    period: formatContractPeriod(document.period, language),
    amounts: { baseCents: s * baseCents, gstCents: s * gstCents, qstCents: s * qstCents, totalCents: s * totalCents },
    reference: document.credit?.reference ?? document.payment.reference,
  };
}

/** The payouts made to the owner in [fromAt, toAt), and what was taken back of them then. */
async function payoutLines(contracts: ContractRecord[], fromAt: string, toAt: string, language: UiLanguage): Promise<BooksLine[]> {
  const within = (at: string | undefined) => at !== undefined && at >= fromAt && at < toAt;
  const paidOut = contracts.filter(
    ({ payout }) => payout?.transferId && (within(payout.paidOutAt) || Object.values(payout.reversals ?? {}).some((r) => within(r.at))),
  );
  const ads = new Map((await getAds([...new Set(paidOut.map((c) => c.adId))])).map((ad) => [ad.id, ad]));
  return paidOut.flatMap((contract) => {
    const payout = contract.payout!;
    const line = (at: string, type: DocumentTextKey, cents: number, reference: string): BooksLine => ({
      at,
      type,
      number: '',
      refersTo: '',
      direction: 'booksReceived',
      contractId: contract.id,
      ad: adTitleIn(ads.get(contract.adId), language),
      counterparty: documentText(language, 'platformName'),
      counterpartyGst: '',
      counterpartyQst: '',
      period: formatContractPeriod(contract.content, language),
      amounts: { baseCents: cents, gstCents: 0, qstCents: 0, totalCents: cents },
      reference,
    });
    return [
      ...(within(payout.paidOutAt) ? [line(payout.paidOutAt!, 'PAYOUT', payout.amountCents ?? 0, payout.transferId!)] : []),
      ...Object.entries(payout.reversals ?? {})
        .filter(([, reversal]) => within(reversal.at))
        .map(([reversalId, reversal]) => line(reversal.at, 'PAYOUT_REVERSAL', -reversal.amountCents, reversalId)),
    ];
  });
}

/** Dollars as a program reads them: `-1234.56` (an amount as a price field shows it, in English, signed). */
const dollars = (cents: number) => `${cents < 0 ? '-' : ''}${typedAmountOf(Math.abs(cents), 'en')}`;

/** A text field as RFC 4180 writes it, never read as a formula by a spreadsheet (`=`, `+`, `-`, `@` first). */
const textField = (value: string) => quoted(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
const quoted = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

function fileOf(lines: BooksLine[], period: BooksExportInput, language: UiLanguage): BooksExport {
  const rows = lines
    .sort((a, b) => a.at.localeCompare(b.at) || a.number.localeCompare(b.number))
    .map((line) => {
      const { baseCents, gstCents, qstCents, totalCents } = line.amounts;
      return [
        quebecToday(new Date(line.at)),
        textField(documentText(language, line.type)),
        textField(line.number),
        textField(line.refersTo),
        textField(documentText(language, line.direction)),
        textField(line.contractId),
        textField(line.ad),
        textField(line.counterparty),
        textField(line.counterpartyGst),
        textField(line.counterpartyQst),
        textField(line.period),
        ...[baseCents, gstCents, qstCents, totalCents].map(String),
        ...[baseCents, gstCents, qstCents, totalCents].map(dollars),
        textField(line.reference),
      ].join(',');
    });
  const header = COLUMNS.map((column) => quoted(documentText(language, column))).join(',');
  return {
    fileName: documentText(language, 'booksFileName', { from: period.from, to: period.to }),
    csv: `\uFEFF${[header, ...rows].join('\r\n')}\r\n`,
    lineCount: rows.length,
  };
}
