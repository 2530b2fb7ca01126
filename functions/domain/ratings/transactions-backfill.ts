// One-off maintenance (docs/ratings.md "Backfill of the transaction counts"): the reputation's
// `transactionsCount` is added to by the payout only since the ratings work; this sets every user's to
// the number of their contracts paid out, as owner or as tenant, counted from their own contract
// listings at arm's length as the payout counts them (one per other party per
// REPUTATION_PAIR_PERIOD_DAYS, by payout time, none with a linked account; it writes no pair item). Idempotent: the exact count is SET (never ADDed), and only where it differs, so a second
// run writes nothing. It walks the accounts' list and each user's two contract listings with Query
// (no Scan, though one would be tolerable in a one-off command: never on a request path).

import { DataRefusal, retryingWhenStale } from '../../data/errors';
import { getReputations, setTransactionsCount } from '../../data/ratings';
import { linkedAmong } from '../../data/linked-accounts';
import { countedUntilAfter, countsAt } from '../../data/reputation-pairs';
import { listUsers } from '../../data/user-directory';
import { allContractsOf } from '../whole-listings';

const PAGE = 100;

/** A contract paid out: the other party, and when (the PAYOUT_DONE step's instant). */
interface PaidOut {
  otherId: string;
  at: string;
}

/** The user's contracts paid out, on either side. */
async function paidOutOf(userId: string): Promise<PaidOut[]> {
  return (await allContractsOf(userId)).flatMap(({ contract, side }) => {
    // Its history reached PAYOUT_DONE: the payout's own step (and the demo rentals', which have no payout record).
    const step = contract.history.find((entry) => entry.status === 'PAYOUT_DONE');
    return step ? [{ otherId: side === 'OWNER' ? contract.tenantId : contract.ownerId, at: step.at }] : [];
  });
}

/**
 * How many count, as the payout counts them: per other party, by payout time, one, then none until its
 * period is over; none with a party `linked` to the user.
 */
function armsLengthCount(paidOut: PaidOut[], linked: Set<string>): number {
  const countedUntil = new Map<string, string>();
  let count = 0;
  for (const { otherId, at } of [...paidOut].sort((a, b) => a.at.localeCompare(b.at))) {
    if (!countsAt({ countedUntil: countedUntil.get(otherId) ?? null, linked: linked.has(otherId) }, at)) continue;
    countedUntil.set(otherId, countedUntilAfter(at));
    count++;
  }
  return count;
}

/**
 * Sets one user's count. The count stored is read first and the write is conditioned on it: a payout
 * landing meanwhile (it ADDs 1 in its own transaction) refuses the write, and the user is counted again
 * (a bounded number of rounds).
 */
function backfillUser(userId: string): Promise<boolean> {
  return retryingWhenStale(async () => {
    const stored = (await getReputations([userId])).get(userId)!.transactionsCount;
    const paidOut = await paidOutOf(userId);
    const count = armsLengthCount(
      paidOut,
      await linkedAmong(
        userId,
        paidOut.map(({ otherId }) => otherId),
      ),
    );
    if (count === stored) return false;
    if (await setTransactionsCount(userId, count, stored)) return true;
    throw new DataRefusal('STALE_VERSION', `The transaction count of ${userId} changed while it was counted`);
  });
}

/** Every user's count made exact; how many users were read and how many counts changed. */
export async function backfillTransactionCounts(): Promise<{ users: number; changed: number }> {
  let users = 0;
  let changed = 0;
  let token: string | undefined;
  do {
    const page = await listUsers(PAGE, token);
    for (const user of page.users) {
      users++;
      if (await backfillUser(user.id)) changed++;
    }
    token = page.nextToken;
  } while (token);
  return { users, changed };
}
