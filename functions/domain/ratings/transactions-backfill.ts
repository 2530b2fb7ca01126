// One-off maintenance (docs/ratings.md "Backfill of the transaction counts"): the reputation's
// `transactionsCount` is added to by the payout only since the ratings work; this sets every user's to
// the number of their contracts paid out, as owner or as tenant, counted from their own contract
// listings. Idempotent: the exact count is SET (never ADDed), and only where it differs, so a second
// run writes nothing. It walks the accounts' list and each user's two contract listings with Query
// (no Scan, though one would be tolerable in a one-off command: never on a request path).

import { partyContracts, type ContractParty } from '../../data/contracts';
import { getReputations, setTransactionsCount } from '../../data/ratings';
import { listUsers } from '../../data/user-directory';

const PAGE = 100;

/** The user's contracts paid out on one side, counted a page at a time. */
async function paidOutOn(party: ContractParty, userId: string): Promise<number> {
  let count = 0;
  let token: string | null = null;
  do {
    const page = await partyContracts(party, userId, PAGE, token);
    // Its history reached PAYOUT_DONE: the payout's own step (and the demo rentals', which have no payout record).
    count += page.contracts.filter((contract) => contract.history.some((step) => step.status === 'PAYOUT_DONE')).length;
    token = page.nextToken;
  } while (token);
  return count;
}

/**
 * Sets one user's count. The count stored is read first and the write is conditioned on it: a payout
 * landing meanwhile (it ADDs 1 in its own transaction) refuses the write, and the user is counted again.
 */
async function backfillUser(userId: string): Promise<boolean> {
  for (;;) {
    const stored = (await getReputations([userId])).get(userId)!.transactionsCount;
    const [owned, rented] = await Promise.all([paidOutOn('OWNER', userId), paidOutOn('TENANT', userId)]);
    if (owned + rented === stored) return false;
    if (await setTransactionsCount(userId, owned + rented, stored)) return true;
  }
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
