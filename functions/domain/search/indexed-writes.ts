// Writes of an ad that keep its search index in step: the entry in the ad's own transaction, the
// keyword postings around it — those of new stems put before (a posting is only a candidate, checked
// against the entry, so one written early is harmless), those of stems it lost deleted after (once
// it leaves the search, all). A crash between leaves only extra postings, which the next write of the
// ad clears.

import { replaceAd, type AdRecord } from '../../data/ads';
import { deleteTermPostings, postedTermsOf, putTermPostings } from '../../data/search-index';
import { searchEntryOf } from './search-entry';

/** replaceAd (ITEM_GONE when the ad changed since `before` was read), with its search entry and postings. */
export async function replaceIndexedAd(before: AdRecord, next: AdRecord): Promise<AdRecord> {
  const previous = searchEntryOf(before);
  const entry = searchEntryOf(next);
  if (entry) {
    // A posting holds the ad's point and publication time (the candidates' order): all are rewritten when those change.
    const moved =
      !previous ||
      previous.publishedAt !== entry.publishedAt ||
      previous.latitude !== entry.latitude ||
      previous.longitude !== entry.longitude;
    await putTermPostings(entry, moved ? entry.terms : entry.terms.filter((term) => !previous.terms.includes(term)));
  }
  const written = await replaceAd(before, next, entry);
  if (entry || previous) {
    const kept = new Set(entry?.terms);
    await deleteTermPostings(
      written.id,
      (await postedTermsOf(written.id)).filter((term) => !kept.has(term)),
    );
  }
  return written;
}
