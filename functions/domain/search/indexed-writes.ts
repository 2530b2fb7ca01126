// Writes of an ad that keep its search index in step: the entry in the ad's own transaction, the
// keyword postings around it — those of new stems put before (a posting is only a candidate, checked
// against the entry, so one written early is harmless), those of stems it lost deleted after (once
// it leaves the search, all). A crash or a refused write between leaves only extra postings, which
// the check against the entry keeps out of every result. A write that came between may have given a
// stem back: the entry is read again after the deletes, and what it still holds is put back.

import { replaceAd, type AdRecord } from '../../data/ads';
import { DataRefusal } from '../../data/errors';
import { getEquipmentSums } from '../../data/ratings';
import { deleteTermPostings, getSearchEntry, putTermPostings, type SearchEntry } from '../../data/search-index';
import { searchEntryOf } from './search-entry';

/**
 * replaceAd with the equipment's place in the rating order, from its sums as they stand: a rating
 * published between the read and the write refuses it (STALE_VERSION), and it is tried again.
 */
async function writeWithEquipmentPlacement(before: AdRecord, next: AdRecord, entry: SearchEntry | null): Promise<AdRecord> {
  for (;;) {
    try {
      return await replaceAd(before, next, entry, await getEquipmentSums(before.id));
    } catch (error) {
      if (!(error instanceof DataRefusal && error.reason === 'STALE_VERSION')) throw error;
    }
  }
}

/** replaceAd (ITEM_GONE when the ad changed since `before` was read), with its search entry and postings. */
export async function replaceIndexedAd(before: AdRecord, next: AdRecord): Promise<AdRecord> {
  const previous = searchEntryOf(before);
  const entry = searchEntryOf(next);
  // A posting's key holds the publication time: published anew, the ad's postings all move.
  const republished = !!previous && !!entry && previous.publishedAt !== entry.publishedAt;
  if (entry) {
    // A posting also holds the ad's point (the candidates' order): all are rewritten when it moves.
    const rewrite = !previous || republished || previous.latitude !== entry.latitude || previous.longitude !== entry.longitude;
    await putTermPostings(entry, rewrite ? entry.terms : entry.terms.filter((term) => !previous.terms.includes(term)));
  }
  const written = await writeWithEquipmentPlacement(before, next, entry);
  if (previous) {
    const kept = new Set(entry && !republished ? entry.terms : []);
    const lost = previous.terms.filter((term) => !kept.has(term));
    await deleteTermPostings(previous, lost);
    const current = lost.length > 0 ? await getSearchEntry(written.id) : undefined;
    if (current && current.publishedAt === previous.publishedAt) {
      await putTermPostings(
        current,
        lost.filter((term) => current.terms.includes(term)),
      );
    }
  }
  return written;
}
