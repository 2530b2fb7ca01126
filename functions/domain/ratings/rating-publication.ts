// The `rating-publish` one-time job (issue 21): at a rental's deadline it publishes the ratings sent
// and not published yet (a lone rating: the other side did not rate). Exactly once however often it
// fires: the write is conditioned on the ratings' revision, and a published side is never published
// again (its review is put only if absent, and the aggregates are added to in the same transaction).

import { retryingWhenStale } from '../../data/errors';
import { getContractRatings, replaceContractRatings } from '../../data/ratings';
import { now } from '../clock';
import { emailRatingsPublished } from './rating-notices';
import { publicationsAt } from './rating-rules';

export type PublicationOutcome = 'PUBLISHED' | 'NOTHING_TO_DO';

/**
 * Publishes what is due at the job's instant: the later of now and the instant it was scheduled for
 * (the schedule is made for the deadline; the local host's dev page may fire it early to show it).
 */
export async function runRatingPublication(payload: Record<string, unknown>, scheduledAt: string): Promise<PublicationOutcome> {
  const contractId = typeof payload.contractId === 'string' ? payload.contractId : '';
  const at = new Date(Math.max(now().getTime(), Date.parse(scheduledAt) || 0));
  // A side rating or another run publishing meanwhile is refused: read again and see.
  const published = await retryingWhenStale(async () => {
    const before = contractId ? await getContractRatings(contractId) : undefined;
    if (!before) return null;
    const { next, publications } = publicationsAt(before, at);
    if (publications.length === 0) return null;
    return replaceContractRatings(before, next, publications);
  });
  if (!published) return 'NOTHING_TO_DO';
  await emailRatingsPublished(published);
  return 'PUBLISHED';
}
