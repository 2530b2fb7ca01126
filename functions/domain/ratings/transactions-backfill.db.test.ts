// The one-off backfill of the transaction counts (docs/ratings.md) on DynamoDB Local: each user's
// count becomes the number of their contracts paid out, as owner or tenant, at arm's length (one per
// other party per period), and a second run changes nothing.

import { describe, expect, it } from 'vitest';
import { getContract, replaceContract } from '../../data/contracts';
import { getReputations, setTransactionsCount } from '../../data/ratings';
import { givenEndedContract, givenUser, useTestOutbox } from '../../testing/fixtures';
import { REPUTATION_PAIR_PERIOD_DAYS } from '@partage/graphql';
import { now } from '../clock';
import { backfillTransactionCounts } from './transactions-backfill';

useTestOutbox();

/** A rental of `tenant`'s from `owner`, over and paid out to the owner `daysAgo` days ago (then closed), as the payout's step leaves it. */
async function givenPaidOutContract(
  tenant: Awaited<ReturnType<typeof givenUser>>,
  owner: Awaited<ReturnType<typeof givenUser>>,
  daysAgo = 0,
) {
  const { id } = await givenEndedContract(tenant, owner, { status: 'CLOSED' });
  const before = (await getContract(id))!;
  const at = new Date(now().getTime() - daysAgo * 86_400_000).toISOString();
  const payout = { claimedAt: null, keyAttempt: 0, failures: 0, flagged: false, transferId: `tr_${id}`, paidOutAt: at };
  const history = [
    ...before.history,
    { kind: 'PAYOUT_DONE' as const, at, actorId: null, status: 'PAYOUT_DONE' as const, version: before.version },
    { kind: 'CLOSED' as const, at, actorId: null, status: 'CLOSED' as const, version: before.version },
  ];
  await replaceContract(before, { ...before, payout, history });
}

describe('backfillTransactionCounts', () => {
  it('sets each user the count of their contracts paid out, as owner or tenant, at arm’s length, exactly, once', async () => {
    const [owner, tenant, bystander] = await Promise.all([givenUser(), givenUser(), givenUser()]);
    // Between the same two accounts, one counts per period: the oldest, the next (after its period), not the last (within the next's).
    await givenPaidOutContract(tenant, owner, REPUTATION_PAIR_PERIOD_DAYS + 5);
    await givenPaidOutContract(tenant, owner, 3);
    await givenPaidOutContract(tenant, owner);
    // Paid, not paid out yet; written CLOSED with no payout step: no transaction.
    await givenEndedContract(tenant, owner, { status: 'PAID' });
    await givenEndedContract(tenant, owner, { status: 'CLOSED' });
    // Counts gone wrong: the owner's too high, the tenant's missing (payouts before the ratings work).
    expect(await setTransactionsCount(owner.id, 5, 0)).toBe(true);
    expect(await setTransactionsCount(bystander.id, 1, 0)).toBe(true);
    const counts = async () =>
      [...(await getReputations([owner.id, tenant.id, bystander.id])).values()].map((reputation) => reputation.transactionsCount);

    const first = await backfillTransactionCounts();
    expect(first.changed).toBeGreaterThanOrEqual(3);
    expect(await counts()).toEqual([2, 2, 0]);

    const second = await backfillTransactionCounts();
    expect(second).toEqual({ users: first.users, changed: 0 });
    expect(await counts()).toEqual([2, 2, 0]);
  });

  it('refuses to overwrite a count that moved since it was read (a payout meanwhile)', async () => {
    const user = await givenUser();
    expect(await setTransactionsCount(user.id, 3, 0)).toBe(true);
    expect(await setTransactionsCount(user.id, 1, 0)).toBe(false);
    expect((await getReputations([user.id])).get(user.id)!.transactionsCount).toBe(3);
  });
});
