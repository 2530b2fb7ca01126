// The ended demo rentals on DynamoDB Local: made once, CLOSED and open to rating by both sides, counted
// as one transaction of both (two rentals between the same two accounts within the period), with their
// rating reminders scheduled.

import { describe, expect, it } from 'vitest';
import { getContract } from '../../data/contracts';
import { getReputations } from '../../data/ratings';
import { listOneTimeSchedules } from '../../data/scheduled-jobs';
import { givenAd, useTestOutbox } from '../../testing/fixtures';
import { seedDemoData } from '../accounts/demo-seed';
import { myContracts } from '../contracts/contracts';
import { contractRatings } from './ratings';
import { DEMO_ENDED_RENTALS, seedDemoRatings } from './demo-ratings-seed';
import { backfillTransactionCounts } from './transactions-backfill';

useTestOutbox();

describe('ended demo rentals', () => {
  it('are made once, CLOSED, for both sides to rate', async () => {
    await seedDemoData();
    const rentAds = new Map<string, string>();
    for (const { ownerId } of DEMO_ENDED_RENTALS) {
      rentAds.set(ownerId, (await givenAd({ id: ownerId, role: 'USER' }, {}, { published: true })).id);
      // Listed first (the newest), and not for rent: no rental may be on it.
      await givenAd(
        { id: ownerId, role: 'USER' },
        { rent: null, trade: { description: { fr: 'Échange contre des conserves', en: null } } },
        { published: true },
      );
    }
    expect(await seedDemoRatings()).toBe(4);
    expect(await seedDemoRatings()).toBe(0);

    for (const { ownerId, tenantId } of DEMO_ENDED_RENTALS) {
      const rentals = (await myContracts({ userId: tenantId, role: 'USER' }, { role: 'TENANT' })).items;
      expect(rentals.map((c) => c.status)).toEqual(['CLOSED', 'CLOSED']);
      // On the ad that offers rent, never on the same days.
      const stored = await Promise.all(rentals.map((rental) => getContract(rental.id)));
      expect(stored.map((c) => c?.adId)).toEqual([rentAds.get(ownerId), rentAds.get(ownerId)]);
      const [later, earlier] = stored.sort((a, b) => b!.content.startAt.localeCompare(a!.content.startAt));
      expect(earlier!.content.endAt <= later!.content.startAt).toBe(true);
      for (const userId of [tenantId, ownerId]) {
        expect(await contractRatings({ userId, role: 'USER' }, rentals[0]!.id)).toMatchObject({ canRate: true, mine: null });
      }
      // Their reminders: the first due now, for the dev mailbox.
      const reminders = (await listOneTimeSchedules()).filter(
        (s) => s.job === 'rating-reminder' && s.payload.contractId === rentals[0]!.id,
      );
      expect(reminders).toHaveLength(2);
      expect(Math.min(...reminders.map((r) => Date.parse(r.at)))).toBeLessThanOrEqual(Date.now());
      const reputations = await getReputations([ownerId, tenantId]);
      expect([...reputations.values()].map((r) => r.transactionsCount)).toEqual([1, 1]);
    }
    // The transaction counts' backfill counts them as the seed did.
    await backfillTransactionCounts();
    const counts = await getReputations(DEMO_ENDED_RENTALS.flatMap(({ ownerId, tenantId }) => [ownerId, tenantId]));
    expect([...counts.values()].map((r) => r.transactionsCount)).toEqual([1, 1, 1, 1]);
  });
});
