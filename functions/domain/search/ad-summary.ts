// A search hit as a result card and its map marker receive it: the public point only (the entry
// never holds a hidden address), the first image with its URLs, the distance to one decimal.

import type { AdSummarySource } from '@partage/graphql';
import { imageView } from '../ads/ad-view';
import type { SearchHit } from './search-ads';

export function adSummary({ entry, meters }: SearchHit): AdSummarySource {
  return {
    id: entry.id,
    path: entry.path,
    title: { fr: entry.title.fr, en: entry.title.en },
    category: entry.category,
    town: entry.town,
    latitude: entry.latitude,
    longitude: entry.longitude,
    radiusMeters: entry.radiusMeters,
    image: entry.image && imageView(entry.image),
    rent: entry.rent,
    sale: entry.sale,
    trade: entry.trade,
    donation: entry.donation,
    publishedAt: entry.publishedAt,
    distanceKm: meters === null ? null : Math.round(meters / 100) / 10,
  };
}
