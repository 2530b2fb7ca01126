// The export for the books (issue 39 §5), on DynamoDB Local with the payment simulator: an owner's
// receipts and credit notes, the platform's fee invoice to them and their payout; the tenant's receipts;
// the platform's fee invoices for administrators; each caller's own only; the period's refusals.

import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, quebecToday, type BooksExport } from '@partage/graphql';
import { simulatorEventsDelivered } from '../adapters/payment-simulator';
import type { UserRecord } from '../data/users';
import { getContract } from '../data/contracts';
import { manualClock, now, useClock } from '../domain/clock';
import { payoutDueAt } from '../domain/contracts/contract-money';
import {
  asUser,
  errorCodeOf,
  givenPaidContract,
  givenPayableOwner,
  givenUser,
  resolverCaller,
  routeSimulatorWebhooks,
  useTestOutbox,
} from '../testing/fixtures';
import { handler as contractsHandler } from './contracts';
import { handler as jobs } from './contract-payouts';

useTestOutbox();
const call = resolverCaller(contractsHandler);
const clock = manualClock();
const FEE_ENV = { PLATFORM_FEE_BASIS_POINTS: '1000' };
let tenant: UserRecord;
let admin: UserRecord;

beforeAll(async () => {
  [tenant, admin] = await Promise.all([
    givenUser({ organizationName: 'Cantine du Quartier', language: 'en' }),
    givenUser({ role: 'ADMIN' }),
  ]);
  Object.assign(process.env, FEE_ENV);
  const restoreClock = useClock(clock);
  const restoreFetch = routeSimulatorWebhooks();
  return () => {
    for (const name of Object.keys(FEE_ENV)) delete process.env[name];
    restoreFetch();
    restoreClock();
  };
});

/** A CSV file's rows (RFC 4180: quoted fields, doubled quotes), its byte order mark checked and removed. */
function rowsOf(csv: string): string[][] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 1; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted && c === '"' && csv[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) field += c;
    else if (c === ',') endField();
    else if (c === '\r' && csv[i + 1] === '\n') {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else field += c;
  }
  return rows;
}

/** The export's lines as objects named by the header. */
const linesOf = (file: BooksExport) => {
  const [header, ...rows] = rowsOf(file.csv);
  expect(rows).toHaveLength(file.lineCount);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])));
};

const period = () => ({ from: quebecToday(now()), to: addDays(quebecToday(now()), 30) });
const exportOf = async (user: UserRecord, input = period()) => (await call('Query.booksExport', { input }, asUser(user))) as BooksExport;

describe('an organisation exports its books', () => {
  it("lists the owner's receipt and credit note, the platform's fee invoice to them and their payout, signed, in cents and dollars", async () => {
    clock.set(new Date());
    const window = period();
    const { contract, owner } = await givenPaidContract(tenant, await givenPayableOwner());
    const job = (name: 'contract-paid' | 'contract-payout') =>
      jobs({ job: name, scheduledAt: now().toISOString(), payload: { contractId: contract.id } });
    await job('contract-paid');
    clock.advance(60 * 60_000);
    await call(
      'Mutation.refundContract',
      { input: { contractId: contract.id, expectedVersion: 1, amountCents: 5_000, reason: 'Panne' } },
      asUser(admin),
    );
    // The refund's events first, as the provider sends them (the payout would race them).
    await simulatorEventsDelivered();
    clock.set(payoutDueAt((await getContract(contract.id))!));
    expect(await job('contract-payout')).toBe('PAID_OUT');

    const asOwner = await exportOf(owner, window);
    // The owner writes English (givenPayableOwner): the file is theirs to read.
    expect(asOwner.fileName).toBe(`books-${window.from}-to-${window.to}.csv`);
    const lines = linesOf(asOwner);
    expect(lines.map((line) => [line.Type, line.Direction])).toEqual([
      ['Receipt', 'Issued'],
      ['Service fee invoice', 'Received'],
      ['Credit note', 'Issued'],
      ['Payout', 'Received'],
    ]);
    const [receipt, invoice, credit, payout] = lines as [
      Record<string, string>,
      Record<string, string>,
      Record<string, string>,
      Record<string, string>,
    ];
    expect(receipt).toMatchObject({
      'Total (cents)': '25000',
      'Total ($)': '250.00',
      Contract: contract.id,
      'Other party': 'Cantine du Quartier',
    });
    expect(receipt.Number).toMatch(/^[0-9A-Z]{6}-\d{4}-\d{6}$/);
    expect(invoice).toMatchObject({ 'Total (cents)': '2500', 'Total ($)': '25.00', Number: expect.stringMatching(/^PA-/) });
    expect(credit).toMatchObject({ 'Total (cents)': '-5000', 'Total ($)': '-50.00', 'Credits document': receipt.Number });
    // The owner's share: 250 $ less the 25 $ fee and the 50 $ refunded.
    expect(payout).toMatchObject({ 'Total (cents)': '17500', 'Total ($)': '175.00', 'Payment reference': expect.stringMatching(/^tr_/) });
    for (const line of lines) expect(line.Date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // The tenant's books: the receipt and its credit note, received.
    const asTenant = linesOf(await exportOf(tenant, window)).filter((line) => line.Contract === contract.id);
    expect(asTenant.map((line) => [line.Type, line.Direction, line['Total (cents)']])).toEqual([
      ['Receipt', 'Received', '25000'],
      ['Credit note', 'Received', '-5000'],
    ]);
    // Nobody else's books name it; the platform's hold its fee invoice.
    expect((await exportOf(await givenUser(), window)).lineCount).toBe(0);
    const platform = (await call('Query.platformBooksExport', { input: window }, asUser(admin))) as BooksExport;
    expect(
      linesOf(platform)
        .filter((line) => line.Contrat === contract.id)
        .map((line) => line.Type),
    ).toEqual(['Facture des frais de service']);
  });

  it('refuses a period over a year, a day that does not exist and an end before the start, and each caller the other export', async () => {
    const today = quebecToday(now());
    expect(errorCodeOf(await call('Query.booksExport', { input: { from: today, to: addDays(today, 366) } }, asUser(tenant)))).toBe(
      'EXPORT_PERIOD_TOO_LONG',
    );
    expect((await exportOf(tenant, { from: today, to: addDays(today, 365) })).fileName).toMatch(/\.csv$/);
    const refused = await call('Query.booksExport', { input: { from: '2026-02-30', to: '2026-01-01' } }, asUser(tenant));
    expect(refused).toMatchObject({ __error: { code: 'VALIDATION_FAILED' } });
    expect(JSON.stringify(refused)).toContain('input.from');
    const backwards = await call('Query.booksExport', { input: { from: '2026-03-02', to: '2026-03-01' } }, asUser(tenant));
    expect(JSON.stringify(backwards)).toContain('endAfterStart');
    expect(errorCodeOf(await call('Query.platformBooksExport', { input: period() }, asUser(tenant)))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await call('Query.booksExport', { input: period() }, asUser(admin)))).toBe('UNAUTHORIZED_ACCESS');
  });

  it('never lets a name typed by a user start a formula in a spreadsheet', async () => {
    clock.set(new Date());
    const buyer = await givenUser({ organizationName: '=HYPERLINK("http://evil.test","x")', language: 'en' });
    const { contract, owner } = await givenPaidContract(buyer, await givenPayableOwner());
    await jobs({ job: 'contract-paid', scheduledAt: now().toISOString(), payload: { contractId: contract.id } });
    const file = await exportOf(owner);
    expect(file.csv).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(linesOf(file).find((line) => line.Type === 'Receipt')?.['Other party']).toBe(`'=HYPERLINK("http://evil.test","x")`);
  });
});
