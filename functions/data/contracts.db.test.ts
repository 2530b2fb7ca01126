// Contracts' items and the booking calendar on DynamoDB Local: concurrent holds of overlapping
// periods, versions, listings per party.

import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestTable } from '../../tests/support/test-table';
import { claimPut } from './claims';
import { db, tableName, type TransactItem } from './client';
import {
  bookedPeriods,
  contractVersions,
  getContract,
  partyContracts,
  payContractUnread,
  placeBookingHold,
  putNewContract,
  releaseBookingHold,
  releaseHoldUnread,
  replaceContract,
  type ContractRecord,
} from './contracts';
import { DataRefusal } from './errors';

beforeAll(async () => {
  await useTestTable();
});

const NOW = '2026-06-01T12:00:00.000Z';

function contract(overrides: Partial<ContractRecord> = {}): ContractRecord {
  return {
    id: randomUUID(),
    adId: 'ad-1',
    conversationId: 'conv-1',
    ownerId: 'owner-1',
    tenantId: 'tenant-1',
    status: 'SUBMITTED',
    version: 1,
    revision: 1,
    createdAt: NOW,
    updatedAt: NOW,
    content: {
      precision: 'DAY',
      start: '2026-07-01',
      end: '2026-07-03',
      startAt: '2026-07-01T04:00:00.000Z',
      endAt: '2026-07-03T04:00:00.000Z',
      totalPriceCents: 25_000,
      platformFeeCents: 0,
      terms: '<p>Conditions</p>',
      files: [],
      disclaimerAccepted: true,
    },
    history: [{ kind: 'PROPOSED', at: NOW, actorId: 'owner-1', status: 'SUBMITTED', version: 1 }],
    ...overrides,
  };
}

const refusalOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    if (error instanceof DataRefusal) return error.reason;
    throw error;
  }
};

describe('booking holds', () => {
  it('of 20 concurrent holds of overlapping periods, exactly one succeeds', async () => {
    const adId = randomUUID();
    const contracts = Array.from({ length: 20 }, (_, i) =>
      contract({
        adId,
        tenantId: `tenant-${i}`,
        content: { ...contract().content, startAt: `2026-07-0${1 + (i % 3)}T04:00:00.000Z`, endAt: '2026-07-05T04:00:00.000Z' },
      }),
    );
    await Promise.all(contracts.map(putNewContract));
    const outcomes = await Promise.all(
      contracts.map((c) =>
        refusalOf(
          placeBookingHold(
            { adId, contractId: c.id, startAt: c.content.startAt, endAt: c.content.endAt, expiresAt: '2026-06-01T12:30:00.000Z' },
            { status: 'SUBMITTED', version: 1 },
            NOW,
          ),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'OK')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'DATES_TAKEN')).toHaveLength(19);
    const held = await bookedPeriods(adId, NOW);
    expect(held).toHaveLength(1);
    expect(contracts[outcomes.indexOf('OK')]!.id).toBe(held[0]!.contractId);
  });

  it('lets periods that only meet, or on other ads, be held side by side', async () => {
    const adId = randomUUID();
    const [a, b, c] = [contract({ adId }), contract({ adId }), contract({ adId: randomUUID() })];
    await Promise.all([a, b, c].map(putNewContract));
    const expected = { status: 'SUBMITTED' as const, version: 1 };
    await placeBookingHold(
      { adId, contractId: a.id, startAt: '2026-07-01T04:00:00.000Z', endAt: '2026-07-03T04:00:00.000Z', expiresAt: null },
      expected,
      NOW,
    );
    await placeBookingHold(
      { adId, contractId: b.id, startAt: '2026-07-03T04:00:00.000Z', endAt: '2026-07-04T04:00:00.000Z', expiresAt: null },
      expected,
      NOW,
    );
    await placeBookingHold(
      { adId: c.adId, contractId: c.id, startAt: '2026-07-01T04:00:00.000Z', endAt: '2026-07-03T04:00:00.000Z', expiresAt: null },
      expected,
      NOW,
    );
    expect((await bookedPeriods(adId, NOW)).map((h) => h.contractId).sort()).toEqual([a.id, b.id].sort());
  });

  it('frees the dates when released, or when the hold lapses', async () => {
    const adId = randomUUID();
    const [a, b] = [contract({ adId }), contract({ adId })];
    await Promise.all([a, b].map(putNewContract));
    const period = { startAt: '2026-07-01T04:00:00.000Z', endAt: '2026-07-03T04:00:00.000Z' };
    const expected = { status: 'SUBMITTED' as const, version: 1 };
    await placeBookingHold({ adId, contractId: a.id, ...period, expiresAt: '2026-06-01T12:30:00.000Z' }, expected, NOW);
    expect(await refusalOf(placeBookingHold({ adId, contractId: b.id, ...period, expiresAt: null }, expected, NOW))).toBe('DATES_TAKEN');
    // Half an hour later, a's payment window lapsed.
    expect(
      await refusalOf(placeBookingHold({ adId, contractId: b.id, ...period, expiresAt: null }, expected, '2026-06-01T12:31:00.000Z')),
    ).toBe('OK');
    await releaseBookingHold(adId, b.id, NOW);
    expect(await bookedPeriods(adId, NOW)).toEqual([]);
    // Releasing what is not held changes nothing.
    await releaseBookingHold(adId, b.id, NOW);
    await releaseBookingHold(randomUUID(), a.id, NOW);
  });

  it('refuses to hold a contract that moved on from the version the tenant saw', async () => {
    const c = contract({ adId: randomUUID() });
    await putNewContract(c);
    await replaceContract(c, { ...c, version: 2, content: { ...c.content, totalPriceCents: 30_000 } });
    const hold = { adId: c.adId, contractId: c.id, startAt: c.content.startAt, endAt: c.content.endAt, expiresAt: null };
    expect(await refusalOf(placeBookingHold(hold, { status: 'SUBMITTED', version: 1 }, NOW))).toBe('STALE_VERSION');
    expect(await bookedPeriods(c.adId, NOW)).toEqual([]);
    expect(await refusalOf(placeBookingHold(hold, { status: 'SUBMITTED', version: 2 }, NOW))).toBe('OK');
  });
});

describe("changes written without reading first (the webhook's common case)", () => {
  const LATER = '2026-06-01T12:10:00.000Z';
  const claim = (): TransactItem => claimPut({ PK: `TEST_CLAIM#${randomUUID()}`, SK: 'CLAIM' }, 'token', {});
  const payment = (c: ContractRecord) =>
    payContractUnread(
      { contractId: c.id, adId: c.adId },
      { status: 'SUBMITTED', version: 1, totalPriceCents: 25_000, ownerId: c.ownerId, tenantId: c.tenantId },
      {
        status: 'PAID',
        updatedAt: LATER,
        payment: { sessionId: 'cs_1', paymentIntentId: 'pi_1', amountCents: 25_000, paidAt: LATER },
        step: { kind: 'PAID', at: LATER, actorId: null, status: 'PAID', version: 1 },
      },
      LATER,
      { claim: claim() },
    );
  const hold = (c: ContractRecord, expiresAt: string) =>
    placeBookingHold(
      { adId: c.adId, contractId: c.id, startAt: c.content.startAt, endAt: c.content.endAt, expiresAt },
      { status: 'SUBMITTED', version: c.version },
      NOW,
    );
  const calendarItem = async (adId: string) =>
    (await db().send(new GetCommand({ TableName: tableName(), Key: { PK: `AD#${adId}`, SK: 'CALENDAR' }, ConsistentRead: true }))).Item;

  it('pays a contract holding live dates in one write: PAID with its step, the hold kept for good, both revisions moved on', async () => {
    const c = contract({ adId: randomUUID() });
    await putNewContract(c);
    await hold(c, '2026-06-01T12:30:00.000Z');
    const revision = (await calendarItem(c.adId))!.revision as number;

    expect(await payment(c)).toBe(true);
    const paid = (await getContract(c.id))!;
    expect(paid).toMatchObject({ status: 'PAID', revision: 2, updatedAt: LATER, payment: { sessionId: 'cs_1', amountCents: 25_000 } });
    expect(paid.history.map((h) => h.kind)).toEqual(['PROPOSED', 'PAID']);
    expect(await bookedPeriods(c.adId, LATER)).toEqual([
      { contractId: c.id, startAt: c.content.startAt, endAt: c.content.endAt, expiresAt: null },
    ]);
    expect((await calendarItem(c.adId))!.revision).toBe(revision + 1);
    // A writer that read the contract before is refused, never overwriting the payment.
    expect(await refusalOf(replaceContract(c, { ...c, status: 'CANCELLED' }))).toBe('STALE_VERSION');
    // Paid already: refused, nothing written.
    expect(await payment(c)).toBe(false);
    expect((await getContract(c.id))!.revision).toBe(2);
  });

  it('writes nothing and answers false when the hold lapsed, is gone, or the contract is not as the session says', async () => {
    const c = contract({ adId: randomUUID() });
    await putNewContract(c);
    // No calendar at all.
    expect(await payment(c)).toBe(false);
    await hold(c, '2026-06-01T12:05:00.000Z');
    // The hold lapsed at 12:05.
    expect(await payment(c)).toBe(false);
    await hold(c, '2026-06-01T12:30:00.000Z');
    // Another tenant, then another price, than the contract's.
    expect(await payment({ ...c, tenantId: 'tenant-2' })).toBe(false);
    await replaceContract(c, { ...c, content: { ...c.content, totalPriceCents: 30_000 } });
    expect(await payment(c)).toBe(false);
    expect((await getContract(c.id))!.status).toBe('SUBMITTED');
    expect((await bookedPeriods(c.adId, LATER))[0]!.expiresAt).toBe('2026-06-01T12:30:00.000Z');
  });

  it("refuses with EVENT_CLAIMED when the event's claim was taken, whatever else refused", async () => {
    const c = contract({ adId: randomUUID() });
    await putNewContract(c);
    const taken = claimPut({ PK: `TEST_CLAIM#${randomUUID()}`, SK: 'CLAIM' }, 'first', {});
    await db().send(new PutCommand(taken.Put!));
    expect(await refusalOf(releaseHoldUnread({ contractId: c.id, adId: c.adId, sessionId: 'cs_1' }, taken))).toBe('EVENT_CLAIMED');
  });

  it('frees a hold only for the contract’s current session while it is SUBMITTED', async () => {
    const c = contract({
      adId: randomUUID(),
      checkout: { attempt: 2, version: 1, sessionId: 'cs_2', expiresAt: '2026-06-01T12:30:00.000Z' },
    });
    await putNewContract(c);
    await hold(c, '2026-06-01T12:30:00.000Z');
    expect(await releaseHoldUnread({ contractId: c.id, adId: c.adId, sessionId: 'cs_1' }, claim())).toBe(false);
    expect(await bookedPeriods(c.adId, NOW)).toHaveLength(1);
    expect(await releaseHoldUnread({ contractId: c.id, adId: c.adId, sessionId: 'cs_2' }, claim())).toBe(true);
    expect(await bookedPeriods(c.adId, NOW)).toEqual([]);
    // Nothing held any more: refused, nothing written.
    expect(await releaseHoldUnread({ contractId: c.id, adId: c.adId, sessionId: 'cs_2' }, claim())).toBe(false);
  });

  it('reads a calendar kept as a list (before holds were keyed by contract), leaves it to the read path, and keys it at its next change', async () => {
    const c = contract({ adId: randomUUID() });
    await putNewContract(c);
    const listed = { contractId: c.id, startAt: c.content.startAt, endAt: c.content.endAt, expiresAt: '2026-06-01T12:30:00.000Z' };
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { PK: `AD#${c.adId}`, SK: 'CALENDAR', type: 'BookingCalendar', adId: c.adId, holds: [listed], revision: 1 },
      }),
    );
    expect(await bookedPeriods(c.adId, NOW)).toEqual([listed]);
    expect(await payment(c)).toBe(false);
    expect(await releaseHoldUnread({ contractId: c.id, adId: c.adId, sessionId: 'cs_1' }, claim())).toBe(false);
    await hold(c, '2026-06-01T12:40:00.000Z');
    expect((await calendarItem(c.adId))!.holds).toEqual({ [c.id]: { ...listed, expiresAt: '2026-06-01T12:40:00.000Z' } });
    expect(await payment(c)).toBe(true);
  });
});

describe('contract items', () => {
  it('keeps every version and refuses a write over a stale read', async () => {
    const c = contract();
    await putNewContract(c);
    const v2 = await replaceContract(c, {
      ...c,
      version: 2,
      updatedAt: '2026-06-02T00:00:00.000Z',
      content: { ...c.content, totalPriceCents: 1 },
    });
    expect(v2.revision).toBe(2);
    expect(await refusalOf(replaceContract(c, { ...c, status: 'CANCELLED' }))).toBe('STALE_VERSION');
    expect((await contractVersions(c.id)).map((v) => [v.version, v.content.totalPriceCents])).toEqual([
      [1, 25_000],
      [2, 1],
    ]);
    expect((await getContract(c.id))?.content.totalPriceCents).toBe(1);
  });

  it("lists a user's contracts on each side, newest first, by pages", async () => {
    const ownerId = randomUUID();
    const tenantId = randomUUID();
    const made = Array.from({ length: 3 }, (_, i) => contract({ ownerId, tenantId, createdAt: `2026-06-0${i + 1}T00:00:00.000Z` }));
    await Promise.all(made.map(putNewContract));
    const first = await partyContracts('OWNER', ownerId, 2);
    expect(first.contracts.map((c) => c.id)).toEqual([made[2]!.id, made[1]!.id]);
    const second = await partyContracts('OWNER', ownerId, 2, first.nextToken);
    expect(second).toEqual({ contracts: [expect.objectContaining({ id: made[0]!.id })], nextToken: null });
    expect((await partyContracts('TENANT', tenantId, 10)).contracts).toHaveLength(3);
    expect(await partyContracts('TENANT', ownerId, 10)).toEqual({ contracts: [], nextToken: null });
    await expect(partyContracts('TENANT', tenantId, 2, first.nextToken)).rejects.toThrow(DataRefusal);
  });
});
