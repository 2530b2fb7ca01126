// The ratings a user still has to give, shown on the lines of their contracts dashboard with the
// deadline: a rental that is over, not rated by them yet, before the deadline.

import { ratingDeadline, type RatingToGive } from '@partage/graphql';
import { getContracts } from '../../data/contracts';
import { getManyContractRatings } from '../../data/ratings';
import { now } from '../clock';
import type { Identity } from '../identity';
import { ratingWindow } from './rating-rules';

/** For each line (a contract of the caller's), its rating to give, or null; the contracts and their ratings read at once. */
export async function ratingsToGive(lines: { contractId: string; identity: Identity }[]): Promise<(RatingToGive | null)[]> {
  const ids = lines.map((line) => line.contractId);
  const [contracts, ratings] = await Promise.all([
    getContracts(ids).then((list) => new Map(list.map((contract) => [contract.id, contract]))),
    getManyContractRatings(ids),
  ]);
  const at = now();
  return lines.map(({ contractId, identity }) => {
    const contract = contracts.get(contractId);
    if (!contract || ratingWindow(contract, at) !== 'OPEN') return null;
    const side = identity.userId === contract.ownerId ? 'OWNER' : identity.userId === contract.tenantId ? 'TENANT' : null;
    const mine = side && ratings.get(contractId)?.[side];
    if (!side || mine?.submittedAt) return null;
    return { deadline: ratingDeadline(contract.content.endAt).toISOString(), started: Boolean(mine) };
  });
}
