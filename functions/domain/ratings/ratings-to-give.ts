// The ratings a user still has to give: a rental whose rating is open (rating-rules.ts ratingWindow),
// not sent by them yet, with its deadline. Shown on each line of the dashboard and on the contract's
// page (ratingToGive), and listed whole at the top of the dashboard (myRatingsToGive), found from the
// user's due marks rather than from the contracts a page happens to have loaded.

import { ratingDeadline, type ContractSummary, type RatingToGive } from '@partage/graphql';
import { getContracts, type ContractRecord } from '../../data/contracts';
import { getManyContractRatings, putRatingsDue, ratingsDueBetween, type ContractRatingsRecord } from '../../data/ratings';
import { now } from '../clock';
import { contractSummaries } from '../contracts/contract-view';
import { requireRole, USER_ONLY, type Identity } from '../identity';
import { ratingWindow } from './rating-rules';

/** The contracts and their ratings, read at once. */
async function contractsWithRatings(ids: string[]) {
  const [contracts, ratings] = await Promise.all([
    getContracts(ids).then((list) => new Map(list.map((contract) => [contract.id, contract]))),
    getManyContractRatings(ids),
  ]);
  return { contracts, ratings };
}

/** The rating `userId` still has to give on the contract at `at`, or null (not open, not a party, sent). */
function ratingToGiveOf(
  contract: ContractRecord,
  ratings: ContractRatingsRecord | undefined,
  userId: string | undefined,
  at: Date,
): RatingToGive | null {
  if (ratingWindow(contract, at) !== 'OPEN') return null;
  const side = userId === contract.ownerId ? 'OWNER' : userId === contract.tenantId ? 'TENANT' : null;
  const mine = side && ratings?.[side];
  if (!side || mine?.submittedAt) return null;
  return { deadline: ratingDeadline(contract.content.endAt).toISOString(), started: Boolean(mine) };
}

/** For each line (a contract of the caller's), its rating to give, or null. */
export async function ratingsToGive(lines: { contractId: string; identity: Identity }[]): Promise<(RatingToGive | null)[]> {
  const { contracts, ratings } = await contractsWithRatings(lines.map((line) => line.contractId));
  const at = now();
  return lines.map(({ contractId, identity }) => {
    const contract = contracts.get(contractId);
    return contract ? ratingToGiveOf(contract, ratings.get(contractId), identity.userId, at) : null;
  });
}

/**
 * A USER's contracts, as owner or tenant, whose rating they still have to give, soonest deadline
 * first. A window runs from the rental's end to its deadline, RATING_WINDOW_DAYS later: the due marks
 * whose deadline lies between now and as long from now are the rentals over and not closed.
 */
export async function myRatingsToGive(identity: Identity): Promise<ContractSummary[]> {
  const userId = requireRole(identity, USER_ONLY);
  const at = now();
  const ids = await ratingsDueBetween(userId, at.toISOString(), ratingDeadline(at).toISOString());
  const { contracts, ratings } = await contractsWithRatings(ids);
  const due = ids.flatMap((id) => {
    const contract = contracts.get(id);
    return contract && ratingToGiveOf(contract, ratings.get(id), userId, at) ? [contract] : [];
  });
  const lines = (
    await Promise.all([
      contractSummaries(
        due.filter((contract) => contract.ownerId === userId),
        'OWNER',
      ),
      contractSummaries(
        due.filter((contract) => contract.tenantId === userId),
        'TENANT',
      ),
    ])
  ).flat();
  const byId = new Map(lines.map((line) => [line.id, line]));
  return due.map((contract) => byId.get(contract.id)!);
}

/** Both parties' due marks of a paid contract, which myRatingsToGive finds while its window runs (the contract-paid job; safe to redo). */
export const markRatingsDue = (contract: Pick<ContractRecord, 'id' | 'ownerId' | 'tenantId' | 'content'>): Promise<void> =>
  putRatingsDue(contract, ratingDeadline(contract.content.endAt).toISOString());
