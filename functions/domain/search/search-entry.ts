// An ad's search entry (functions/data/search-index.ts): what a result card shows and what the
// filters read, computed at each write of the ad. Only the public point goes in: the exact one when
// the owner shows the address, else the approximate one every reader sees — distances measured from
// a hidden point would let anyone find it by searching from a few places.

import { priceRangeOfCents, type OfferMode, type PriceRange } from '@partage/graphql';
import type { AdRecord, PriceOfferRecord } from '../../data/ads';
import type { SearchEntry } from '../../data/search-index';
import { adPathOf, offerPriceOf } from '../ads/ad-view';
import { publicPointOf } from '../ads/location';
import { encodeGeohash } from './geohash';
import { plainTextOfHtml, termsOf } from './terms';

/**
 * Stems kept per ad: titles first, then the descriptions' words in turn from each language. Bounds
 * the postings each write puts (one item per stem) and the entry's size; a long description's last
 * words are not searchable.
 */
export const MAX_TERMS_PER_AD = 32;
const ENTRY_GEOHASH_PRECISION = 9;

/** A price's bucket: the amount's, or the one the owner picked; none when it is to be determined. */
function priceRangeOf(offer: PriceOfferRecord | null): PriceRange[] {
  if (offer?.kind === 'AMOUNT' && offer.amountCents !== null) return [priceRangeOfCents(offer.amountCents)];
  if (offer?.kind === 'RANGE' && offer.range) return [offer.range];
  return [];
}

/** Alternates the items of two lists: a cap keeps as many of each language's words. */
const interleave = (a: string[], b: string[]) => Array.from({ length: Math.max(a.length, b.length) }, (_, i) => [a[i], b[i]]).flat();

/** The ad's keyword stems in both languages, deduplicated, capped at MAX_TERMS_PER_AD. */
export function adTermsOf({ title, description }: AdRecord['content']): string[] {
  const stems = (text: string | null) => (text ? termsOf(text) : []);
  const html = (text: string | null) => stems(text && plainTextOfHtml(text));
  const ordered = [...stems(title.fr), ...stems(title.en), ...interleave(html(description.fr), html(description.en))];
  return [...new Set(ordered.filter((term): term is string => term !== undefined))].slice(0, MAX_TERMS_PER_AD);
}

/** The entry of a published, listed ad; null for any other (it is then out of the search). */
export function searchEntryOf(ad: AdRecord): SearchEntry | null {
  if (!ad.published || ad.unlisted || !ad.publishedAt) return null;
  const { content } = ad;
  const { latitude, longitude, radiusMeters } = publicPointOf(content.address);
  const modes: OfferMode[] = [
    ...(content.rent ? (['RENT'] as const) : []),
    ...(content.sale ? (['SALE'] as const) : []),
    ...(content.trade ? (['TRADE'] as const) : []),
    ...(content.donation ? (['DONATION'] as const) : []),
  ];
  const { all, day, evening, weekdays } = content.availability;
  return {
    id: ad.id,
    path: adPathOf(ad),
    title: content.title,
    category: content.category,
    town: content.address.town,
    latitude,
    longitude,
    radiusMeters,
    geohash: encodeGeohash(latitude, longitude, ENTRY_GEOHASH_PRECISION),
    image: content.images[0] ?? null,
    rent: offerPriceOf(content.rent, content),
    sale: offerPriceOf(content.sale, content),
    trade: !!content.trade,
    donation: !!content.donation,
    publishedAt: ad.publishedAt,
    modes,
    availability: { all, day, evening, weekdays },
    certifications: content.certifications,
    priceRanges: [...new Set([...priceRangeOf(content.rent), ...priceRangeOf(content.sale)])],
    terms: adTermsOf(content),
  };
}
