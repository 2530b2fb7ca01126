// The numbered documents of paid contracts (issue 39 §4), on DynamoDB Local with the payment simulator:
// the receipt and the fee invoice issued once by the contract-paid job, numbers without a gap per issuer
// (concurrent payments of one owner included), credit notes for every refund referring to their original
// and adding up to it, who reads which document, and the PDF route's refusals and its tagged PDF.

import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Contract, ContractDocument, ContractDocumentDownload, ContractPage } from '@partage/graphql';
import { actOnCharge, seedCompletedSimulatorAccount, simulatorEventsDelivered } from '../adapters/payment-simulator';
import { contractDocuments, lastNumbers } from '../data/contract-documents';
import { getSimulatorRecord } from '../data/payment-simulator';
import type { UserRecord } from '../data/users';
import { manualClock, now, useClock } from '../domain/clock';
import { issueContractDocuments, ownerSeriesPrefix } from '../domain/contracts/contract-documents';
import { documentLinkToken } from '../domain/contracts/document-links';
import {
  asUser,
  errorCodeOf,
  givenPaidContract,
  givenUser,
  httpEvent,
  resolverCaller,
  routeSimulatorWebhooks,
  useTestOutbox,
} from '../testing/fixtures';
import { handler as pdfRoute } from './contract-documents';
import { handler as contractsHandler } from './contracts';
import { handler as jobs } from './contract-payouts';

const outbox = useTestOutbox();
const call = resolverCaller(contractsHandler);
const clock = manualClock();
const YEAR = () => Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric' }).format(now()));
const PLATFORM_ENV = {
  PLATFORM_FEE_BASIS_POINTS: '1000',
  PLATFORM_GST_NUMBER: '987654321RT0001',
  PLATFORM_QST_NUMBER: '9876543210TQ0001',
  PLATFORM_LEGAL_NAME: 'Partage inc.',
  PLATFORM_ADDRESS: '1 rue de la Plateforme, Montréal (Québec)',
};
let tenant: UserRecord;
let admin: UserRecord;
let stranger: UserRecord;

beforeAll(async () => {
  [tenant, admin, stranger] = await Promise.all([
    givenUser({ organizationName: 'Cantine du Quartier', address: '22 rue des Érables, Laval', postalCode: 'H7N 1A1' }),
    givenUser({ role: 'ADMIN' }),
    givenUser(),
  ]);
  Object.assign(process.env, PLATFORM_ENV);
  const restoreClock = useClock(clock);
  const restoreFetch = routeSimulatorWebhooks();
  return () => {
    for (const name of Object.keys(PLATFORM_ENV)) delete process.env[name];
    restoreFetch();
    restoreClock();
  };
});

/** An owner registered for the GST and QST, with an organisation, an address and an NEQ, who can be paid. */
async function givenRegisteredOwner(): Promise<{ owner: UserRecord; accountId: string }> {
  const accountId = `acct_sim_${randomUUID().slice(0, 8)}`;
  const owner = await givenUser({
    paymentAccountId: accountId,
    organizationName: 'Ferme Les Trois Pommes',
    organizationNEQ: '1171234567',
    address: '100 chemin du Verger, Rougemont',
    postalCode: 'J0L 1M0',
    taxStatus: 'REGISTERED',
    gstNumber: '123456789RT0001',
    qstNumber: '1234567890TQ0001',
  });
  await seedCompletedSimulatorAccount({ accountId, userId: owner.id, email: owner.email });
  return { owner, accountId };
}

/** The contract-paid job, as its schedule runs it. */
const runPaidJob = (contractId: string) => jobs({ job: 'contract-paid', scheduledAt: now().toISOString(), payload: { contractId } });

const numberOf = (prefix: string, sequence: number) => `${prefix}-${YEAR()}-${String(sequence).padStart(6, '0')}`;
const sequenceOf = (number: string) => Number(number.split('-').at(-1));

const viewAs = async (user: UserRecord, contractId: string) => (await call('Query.contract', { id: contractId }, asUser(user))) as Contract;

const adminRefund = (contractId: string, amountCents?: number) =>
  call(
    'Mutation.refundContract',
    { input: { contractId, expectedVersion: 1, reason: 'Entente entre les parties', ...(amountCents ? { amountCents } : {}) } },
    asUser(admin),
  );

describe('the receipt and the fee invoice', () => {
  it('are issued once by the contract-paid job, with both organisations, the lines, taxes, total, payment date and reference', async () => {
    const payee = await givenRegisteredOwner();
    const { contract, owner, session } = await givenPaidContract(tenant, payee);
    await runPaidJob(contract.id);
    await runPaidJob(contract.id);
    const documents = await contractDocuments(contract.id);
    expect(documents.map((document) => document.id).sort()).toEqual(['fee-invoice', 'receipt']);
    const receipt = documents.find((document) => document.id === 'receipt')!;
    const invoice = documents.find((document) => document.id === 'fee-invoice')!;
    expect(receipt).toMatchObject({
      kind: 'RECEIPT',
      number: numberOf(ownerSeriesPrefix(owner.id), 1),
      seller: {
        userId: owner.id,
        name: 'Ferme Les Trois Pommes',
        address: '100 chemin du Verger, Rougemont',
        postalCode: 'J0L 1M0',
        neq: '1171234567',
        gstNumber: '123456789RT0001',
        qstNumber: '1234567890TQ0001',
      },
      buyer: { userId: tenant.id, name: 'Cantine du Quartier', address: '22 rue des Érables, Laval' },
      line: 'RENTAL',
      // 250 $ before taxes: 12,50 $ of GST and 24,94 $ of QST.
      amounts: { baseCents: 25_000, gstCents: 1_250, qstCents: 2_494, totalCents: 28_744 },
      payment: { paidAt: (await viewAs(owner, contract.id)).history.find((step) => step.kind === 'PAID')!.at },
    });
    expect(receipt.payment.reference).toMatch(/^pi_/);
    expect(invoice).toMatchObject({
      kind: 'FEE_INVOICE',
      number: expect.stringMatching(new RegExp(`^PA-${YEAR()}-\\d{6}$`)),
      seller: { userId: null, name: 'Partage inc.', address: '1 rue de la Plateforme, Montréal (Québec)', gstNumber: '987654321RT0001' },
      buyer: { userId: owner.id, name: 'Ferme Les Trois Pommes' },
      line: 'PLATFORM_FEE',
      // 10 % of 250 $, its own taxes included.
      amounts: { totalCents: 2_500 },
    });
    // Run again, the job numbered nothing more.
    expect(await lastNumbers([{ issuer: `OWNER#${owner.id}`, year: YEAR() }])).toEqual(
      new Map([[`DOCUMENT_SEQUENCE#OWNER#${owner.id}#${YEAR()}`, 1]]),
    );
    expect(session.sessionId).toBeTruthy();
    // The receipts e-mailed name them: the tenant's receipt; the owner's receipt and the platform's invoice to them.
    const [tenantMail] = (await outbox.emailsTo(tenant.email)).filter((mail) => mail.text.includes(receipt.number));
    expect(tenantMail?.text).not.toContain(invoice.number);
    expect(tenantMail?.links.some((link) => link.includes(`/contrats/${contract.id}/recu`))).toBe(true);
    const ownerMails = await outbox.emailsTo(owner.email);
    expect(ownerMails.some((mail) => mail.text.includes(receipt.number) && mail.text.includes(invoice.number))).toBe(true);
  });

  it('numbers one owner’s receipts without a gap, two payments at once taking consecutive numbers, and never twice on a retry', async () => {
    const payee = await givenRegisteredOwner();
    const first = await givenPaidContract(tenant, payee);
    const second = await givenPaidContract(tenant, payee);
    await Promise.all([
      issueContractDocuments(first.contract.id),
      issueContractDocuments(second.contract.id),
      issueContractDocuments(first.contract.id),
      runPaidJob(second.contract.id),
    ]);
    const receipts = await Promise.all(
      [first, second].map(async ({ contract }) => (await contractDocuments(contract.id)).find((document) => document.id === 'receipt')!),
    );
    expect(receipts.map((receipt) => sequenceOf(receipt.number)).sort()).toEqual([1, 2]);
    const invoices = await Promise.all(
      [first, second].map(async ({ contract }) =>
        (await contractDocuments(contract.id)).find((document) => document.id === 'fee-invoice')!,
      ),
    );
    const [a, b] = invoices.map((invoice) => sequenceOf(invoice.number)).sort((x, y) => x - y);
    expect(b! - a!).toBe(1);
    const last = await lastNumbers([
      { issuer: `OWNER#${payee.owner.id}`, year: YEAR() },
      { issuer: 'PLATFORM', year: YEAR() },
    ]);
    expect([...last.values()]).toEqual([2, b]);
  });
});

describe('credit notes', () => {
  it('one per refund, referring to the original, crediting its taxes in part, then the rest: the notes add up to the receipt and the invoice', async () => {
    const { contract, owner } = await givenPaidContract(tenant, await givenRegisteredOwner());
    await runPaidJob(contract.id);
    await adminRefund(contract.id, 5_000);
    let documents = await contractDocuments(contract.id);
    const receipt = documents.find((document) => document.id === 'receipt')!;
    const invoice = documents.find((document) => document.id === 'fee-invoice')!;
    const first = documents.find((document) => document.id === 'credit-1')!;
    expect(first).toMatchObject({
      kind: 'CREDIT_NOTE',
      number: numberOf(ownerSeriesPrefix(owner.id), 2),
      refersTo: { id: 'receipt', number: receipt.number },
      seller: { userId: owner.id },
      buyer: { userId: tenant.id },
      credit: { cause: 'REFUND', reference: expect.stringMatching(/^re_/) },
      // 50 $ of the receipt, its taxes in it as the tax module breaks it down.
      amounts: { baseCents: 4_349, gstCents: 217, qstCents: 434, totalCents: 5_000 },
    });
    // The refund takes nothing of the fee yet (it comes out of the owner's share first).
    expect(documents.some((document) => document.id === 'fee-credit-1')).toBe(false);
    // Its e-mail may follow the provider's event of the refund: waited for, not read at once.
    await expect
      .poll(async () => (await outbox.emailsTo(tenant.email)).find((mail) => mail.text.includes(first.number))?.text)
      .toContain(receipt.number);

    await adminRefund(contract.id);
    documents = await contractDocuments(contract.id);
    const receiptCredits = documents.filter((document) => document.refersTo?.id === 'receipt');
    const feeCredits = documents.filter((document) => document.refersTo?.id === 'fee-invoice');
    const sum = (notes: typeof documents, line: 'baseCents' | 'gstCents' | 'qstCents' | 'totalCents') =>
      notes.reduce((total, note) => total + note.amounts[line], 0);
    for (const line of ['baseCents', 'gstCents', 'qstCents', 'totalCents'] as const) {
      expect(sum(receiptCredits, line)).toBe(receipt.amounts[line]);
      expect(sum(feeCredits, line)).toBe(invoice.amounts[line]);
    }
    expect(feeCredits).toEqual([
      expect.objectContaining({ id: 'fee-credit-2', issuer: 'PLATFORM', refersTo: { id: 'fee-invoice', number: invoice.number } }),
    ]);
    expect(sequenceOf(feeCredits[0]!.number)).toBeGreaterThan(sequenceOf(invoice.number));
    // Told to the owner with both notes of the refund, the platform's included.
    const ownerMail = (await outbox.emailsTo(owner.email)).find((mail) => mail.text.includes(feeCredits[0]!.number));
    expect(ownerMail?.text).toContain(`n° ${receiptCredits[1]!.number} et crédite le reçu n° ${receipt.number}`);
  });

  it('a refund made in the provider’s dashboard gets its credit note too, with its reference, once however often its events come', async () => {
    const { contract, session } = await givenPaidContract(tenant, await givenRegisteredOwner());
    await runPaidJob(contract.id);
    const { chargeId } = (await getSimulatorRecord('SESSION', session.sessionId))!;
    await actOnCharge(chargeId, 'refund', { amountCents: 2_000 });
    await simulatorEventsDelivered();
    await issueContractDocuments(contract.id);
    const notes = (await contractDocuments(contract.id)).filter((document) => document.kind === 'CREDIT_NOTE');
    expect(notes).toEqual([
      expect.objectContaining({
        id: 'credit-1',
        amounts: expect.objectContaining({ totalCents: 2_000 }),
        credit: { cause: 'REFUND', reference: expect.stringMatching(/^re_/) },
      }),
    ]);
  });
});

describe('who reads the documents', () => {
  it('the tenant the owner’s receipt and credit notes; the owner those and the platform’s invoice to them; administrators all', async () => {
    const { contract, owner } = await givenPaidContract(tenant, await givenRegisteredOwner());
    await runPaidJob(contract.id);
    await adminRefund(contract.id, 3_000);
    const ids = (view: Contract) => view.documents.map((document: ContractDocument) => document.id).sort();
    expect(ids(await viewAs(tenant, contract.id))).toEqual(['credit-1', 'receipt']);
    expect(ids(await viewAs(owner, contract.id))).toEqual(['credit-1', 'fee-invoice', 'receipt']);
    expect(ids(await viewAs(admin, contract.id))).toEqual(['credit-1', 'fee-invoice', 'receipt']);
    const dashboard = (await call('Query.myContracts', { role: 'TENANT', limit: 50 }, asUser(tenant))) as ContractPage;
    expect(dashboard.items.find((item) => item.id === contract.id)?.documents).toEqual([
      expect.objectContaining({ id: 'receipt', kind: 'RECEIPT' }),
    ]);
    const ownerDashboard = (await call('Query.myContracts', { role: 'OWNER', limit: 50 }, asUser(owner))) as ContractPage;
    expect(ownerDashboard.items[0]?.documents.map((document) => document.id).sort()).toEqual(['fee-invoice', 'receipt']);
  });
});

/** The route's event for a download URL the API gave. */
function routeEvent(url: string): APIGatewayProxyEventV2 {
  const { pathname, searchParams } = new URL(url);
  return { ...httpEvent('GET', pathname), queryStringParameters: Object.fromEntries(searchParams) };
}

const download = (user: UserRecord, contractId: string, documentId: string, language: 'FRENCH' | 'ENGLISH' = 'FRENCH') =>
  call('Query.contractDocumentDownload', { input: { contractId, documentId, language } }, asUser(user));

/** The PDF's Marked flag, whether it has a structure tree, its title and its text. */
async function readPdf(body: string) {
  const pdf = await getDocument({ data: new Uint8Array(Buffer.from(body, 'base64')), verbosity: 0 }).promise;
  const page = await pdf.getPage(1);
  const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
  const { info } = (await pdf.getMetadata()) as { info: { Title?: string; Language?: string } };
  return { markInfo: await pdf.getMarkInfo(), structTree: await page.getStructTree(), title: info.Title, language: info.Language, text };
}

describe('the PDF route', () => {
  let contractId: string;
  let owner: UserRecord;
  beforeAll(async () => {
    const paid = await givenPaidContract(tenant, await givenRegisteredOwner());
    contractId = paid.contract.id;
    owner = paid.owner;
    await runPaidJob(contractId);
  });

  it('gives the reader a tagged PDF in their language with the number and the total', async () => {
    const { url } = (await download(tenant, contractId, 'receipt')) as ContractDocumentDownload;
    const response = await pdfRoute(routeEvent(url));
    expect(response).toMatchObject({
      statusCode: 200,
      headers: { 'content-type': 'application/pdf', 'cache-control': 'private, no-store' },
    });
    const receipt = (await contractDocuments(contractId)).find((document) => document.id === 'receipt')!;
    expect(response.headers?.['content-disposition']).toBe(`attachment; filename="${receipt.number}.pdf"`);
    const pdf = await readPdf(response.body!);
    expect(pdf.markInfo).toMatchObject({ Marked: true });
    expect(pdf.structTree).toMatchObject({ role: 'Root', children: [expect.objectContaining({ role: 'Document' })] });
    expect(JSON.stringify(pdf.structTree)).toContain('"role":"Table"');
    expect(pdf.title).toBe(`Reçu ${receipt.number}`);
    expect(pdf.language).toBe('fr-CA');
    expect(pdf.text).toContain(receipt.number);
    // The thousands and the sign kept with the amount by no-break spaces (a text extractor reads them as spaces).
    expect(pdf.text).toMatch(/\b287,44\s\$/u);
    expect(pdf.text).toContain('123456789RT0001');

    const english = await readPdf(
      (await pdfRoute(routeEvent(((await download(owner, contractId, 'fee-invoice', 'ENGLISH')) as ContractDocumentDownload).url))).body!,
    );
    expect(english.title).toMatch(/^Service fee invoice PA-/);
    expect(english.text).toContain('$25.00');
  });

  it('refuses a link without a valid token of its reader (401), a reader with no right to the document (403), a document the contract has not (404)', async () => {
    const { url } = (await download(tenant, contractId, 'receipt')) as ContractDocumentDownload;
    const link = new URL(url);
    const withParams = (params: Record<string, string>) => {
      const changed = new URL(link);
      for (const [name, value] of Object.entries(params)) changed.searchParams.set(name, value);
      return pdfRoute(routeEvent(changed.toString()));
    };
    // No token, another user's name on the tenant's token, a token past its minutes.
    expect((await withParams({ jeton: '' })).statusCode).toBe(401);
    expect((await withParams({ utilisateur: stranger.id })).statusCode).toBe(401);
    const stale = await documentLinkToken(tenant.id, new Date(now().getTime() - 1_000));
    expect((await withParams({ jeton: stale })).statusCode).toBe(401);
    // A valid link of someone who is no party: refused whether or not the contract exists.
    const strangers = await documentLinkToken(stranger.id, new Date(now().getTime() + 60_000));
    expect((await withParams({ utilisateur: stranger.id, jeton: strangers })).statusCode).toBe(403);
    expect((await withParams({ utilisateur: stranger.id, jeton: strangers, contrat: 'no-such-contract' })).statusCode).toBe(403);
    // The tenant asking for the platform's invoice to the owner, and for a document that does not exist.
    expect((await withParams({ document: 'fee-invoice' })).statusCode).toBe(403);
    expect((await withParams({ document: 'credit-9' })).statusCode).toBe(404);
    // The API refuses the same.
    expect(errorCodeOf(await download(tenant, contractId, 'fee-invoice'))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await download(stranger, contractId, 'receipt'))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await download(owner, contractId, 'credit-9'))).toBe('NOT_FOUND');
    expect(errorCodeOf(await download(admin, contractId, 'fee-invoice'))).toBeUndefined();
  });

  it('refuses a link once its minutes are over', async () => {
    const { url } = (await download(tenant, contractId, 'receipt')) as ContractDocumentDownload;
    clock.set(new Date(now().getTime() + 6 * 60_000));
    expect((await pdfRoute(routeEvent(url))).statusCode).toBe(401);
  });
});
