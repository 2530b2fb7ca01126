// The periods held on an ad, as the ad's page shows them: apart from the contracts' use cases so that
// the pages the server paints (seo) carry none of their payment code.

import { assertValid, required, type BookedPeriod } from '@partage/graphql';
import { getAd } from '../../data/ads';
import { bookedPeriods } from '../../data/contracts';
import { mayReadAd } from '../ads/ad-view';
import { now } from '../clock';
import type { Identity } from '../identity';
import { wallClockPeriod } from './booking-periods';

/**
 * Anyone who may read the ad (a published one; its owner and administrators any): the periods held on
 * it from now on (paid, or held while a tenant pays), soonest first, as dates and hours only. Null for
 * an ad they may not read or that does not exist.
 */
export async function adBookedPeriods(identity: Identity, adId: string): Promise<BookedPeriod[] | null> {
  assertValid([['adId', required(adId)]]);
  const ad = await getAd(adId);
  if (!ad || !mayReadAd(identity, ad)) return null;
  const holds = await bookedPeriods(ad.id, now().toISOString());
  return holds.sort((a, b) => a.startAt.localeCompare(b.startAt)).map((hold) => wallClockPeriod(hold.startAt, hold.endAt));
}
