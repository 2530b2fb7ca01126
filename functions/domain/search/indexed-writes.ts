// Writes of an ad that keep its search index in step: the card in the ad's own transaction, the
// points around it (search-points.ts) — new or changed ones put before (their counts raised first),
// those the ad no longer has deleted after (their counts lowered then). A point is only a candidate,
// checked against the card before it is shown, so one written early, or left by a crash or a refused
// write, never shows; a count left too high only costs a read. A write that came between may have
// given a point back: the card is read again after the deletes, and what it still holds is put back.
// Each group of point writes ends by raising its cell's version: a search process keeps the points it
// read under the version read before them (point-cache.ts).

import { AsyncLocalStorage } from 'node:async_hooks';
import { replaceAd, type AdRecord } from '../../data/ads';
import { retryingWhenStale } from '../../data/errors';
import { getEquipmentSums } from '../../data/ratings';
import { addToCounts, deleteItems, getSearchEntry, putItems, raiseCellVersions, type SearchEntry } from '../../data/search-index';
import { searchEntryOf } from './search-entry';
import { countChanges, CountTotals, searchPointsOf, type IndexedPoint } from './search-points';

/** Set while ads are published whose counts were raised ahead (publishAll): their writes leave the counts alone. */
const countsRaisedAhead = new AsyncLocalStorage<true>();

/**
 * Publishes many ads at once (the demo seed's 300: one count write per stem and ad would be most of
 * its writes, and DynamoDB Local commits each alone): the counts of all their points are raised
 * first, summed (one ADD per count item), then `publish` runs for each, `concurrency` at a time,
 * without count writes. A count is never below its cell's points: an interrupted run leaves counts
 * too high (an extra read), never too low. `ads`: the ads as they will be published.
 */
export async function publishAll<T>(ads: AdRecord[], publish: (ad: AdRecord) => Promise<T>, concurrency: number): Promise<void> {
  const totals = new CountTotals();
  for (const ad of ads) {
    const entry = searchEntryOf(ad);
    if (entry) totals.add(countChanges(searchPointsOf(entry), 1));
  }
  await addToCounts(totals.changes());
  let next = 0;
  const worker = async () => {
    while (next < ads.length) await publish(ads[next++]!);
  };
  await countsRaisedAhead.run(true, () => Promise.all(Array.from({ length: concurrency }, worker)));
}

/**
 * replaceAd with the equipment's place in the rating order, from its sums as they stand: a rating
 * published between the read and the write refuses it (STALE_VERSION), and it is tried again (a
 * bounded number of rounds).
 */
const writeWithEquipmentPlacement = (before: AdRecord, next: AdRecord, entry: SearchEntry | null): Promise<AdRecord> =>
  retryingWhenStale(async () => replaceAd(before, next, entry, await getEquipmentSums(before.id)));

const keyText = ({ key }: IndexedPoint) => `${key.PK}\n${key.SK}`;

/** replaceAd (ITEM_GONE when the ad changed since `before` was read), with its search card, points and counts. */
export async function replaceIndexedAd(before: AdRecord, next: AdRecord): Promise<AdRecord> {
  const previous = searchEntryOf(before);
  const entry = searchEntryOf(next);
  const old = new Map((previous ? searchPointsOf(previous) : []).map((point) => [keyText(point), point]));
  const fresh = entry ? searchPointsOf(entry) : [];
  const freshKeys = new Set(fresh.map(keyText));
  const added = fresh.filter((point) => !old.has(keyText(point)));
  const changed = fresh.filter(
    (point) => old.has(keyText(point)) && JSON.stringify(old.get(keyText(point))!.item) !== JSON.stringify(point.item),
  );
  const removed = [...old.values()].filter((point) => !freshKeys.has(keyText(point)));

  if (!countsRaisedAhead.getStore()) await addToCounts(countChanges(added, 1));
  const put = [...added, ...changed];
  await putItems(put.map((point) => point.item));
  // After the points: a search that reads the new version reads them (point-cache.ts).
  if (put.length > 0) await raiseCellVersions([entry!.geohash]);
  const written = await writeWithEquipmentPlacement(before, next, entry);
  if (removed.length > 0) {
    await deleteItems(removed.map((point) => point.key));
    await addToCounts(countChanges(removed, -1));
    const current = await getSearchEntry(written.id);
    const back = current ? searchPointsOf(current).filter((point) => removed.some((gone) => keyText(gone) === keyText(point))) : [];
    // Counted by the write that gave them back: only the points return.
    await putItems(back.map((point) => point.item));
    await raiseCellVersions([previous!.geohash]);
  }
  return written;
}
