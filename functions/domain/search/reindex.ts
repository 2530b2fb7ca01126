// The one-off re-index of the ad search (issue 24), for a table written before the compact points:
// every search card rewritten (without the earlier design's geohash index keys), every ad's points
// put, the cell counts summed in memory and written whole at the end; the earlier design's keyword
// postings, and the points and counts of an earlier run, deleted first. A Scan: an offline job
// (`npm run reindex:search`, docs/search.md), run with the maintenance switch on, so that no ad is
// written meanwhile — a count written whole would otherwise miss it, and a cell counted below its
// points is skipped by the search.

import { isInMaintenance } from '../../data/system-status';
import {
  deleteItems,
  putItems,
  raiseCellVersions,
  scanSearchIndex,
  searchEntryItem,
  type IndexStartKey,
  type SearchEntry,
} from '../../data/search-index';
import { countChanges, CountTotals, searchPointsOf } from './search-points';

export async function reindexSearch(
  progress: (text: string) => void = () => {},
): Promise<{ ads: number; deleted: number; written: number }> {
  if (!(await isInMaintenance())) {
    throw new Error(
      'Turn the maintenance switch on first (SYSTEM/STATUS maintenance: true): an ad written during the re-index would be miscounted.',
    );
  }
  const cards: SearchEntry[] = [];
  const stale: Record<string, unknown>[] = [];
  let startKey: IndexStartKey | undefined;
  do {
    const page = await scanSearchIndex(startKey);
    cards.push(...page.cards);
    stale.push(...page.indexKeys);
    startKey = page.startKey;
    progress(`scanned: ${cards.length} cards, ${stale.length} index items`);
  } while (startKey);
  await deleteItems(stale);
  const counts = new CountTotals();
  let written = 0;
  for (const card of cards) {
    const points = searchPointsOf(card);
    counts.add(countChanges(points, 1));
    await putItems([searchEntryItem(card), ...points.map((point) => point.item)]);
    written += 1 + points.length;
    if (written % 10_000 < 1 + points.length) progress(`re-indexed: ${written} items`);
  }
  await putItems(counts.items());
  // Search processes running meanwhile read the points again (point-cache.ts).
  await raiseCellVersions(cards.map((card) => card.geohash));
  return { ads: cards.length, deleted: stale.length, written: written + counts.size };
}
