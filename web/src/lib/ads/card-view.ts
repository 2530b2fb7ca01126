// What AdCard shows, from either shape the API gives an ad in: an `Ad` (manage page, public profile)
// or an `AdSummary` (search results). Each mapper reads its fragment; the card knows neither.
import { readFragment, type FragmentOf } from 'gql.tada';
import type { AdCategory } from '@partage/graphql';
import type { ImageVariantValue } from './AdPicture';
import { AD_CARD_FIELDS, AD_SUMMARY_FIELDS } from './fragments';
import type { LocalizedText } from './localized-text';
import type { PriceOfferValue } from './price';

export interface AdCardView {
  id: string;
  /** `<slug>-<id>`, as the API gives it. */
  path: string;
  title: LocalizedText;
  category: AdCategory;
  town: string;
  image: { alt: LocalizedText; variants: readonly ImageVariantValue[] } | null;
  rent: PriceOfferValue | null;
  sale: PriceOfferValue | null;
  trade: boolean;
  donation: boolean;
  /** Kilometres from the searched place, when there is one. */
  distanceKm?: number | null;
  /** The equipment's overall average of its published ratings, and their count (0: none yet). */
  ratings: { count: number; overall: number | null };
}

export function cardOfAd(masked: FragmentOf<typeof AD_CARD_FIELDS>): AdCardView {
  const ad = readFragment(AD_CARD_FIELDS, masked);
  return {
    id: ad.id,
    path: ad.path,
    title: ad.title,
    category: ad.category,
    town: ad.location.town,
    image: ad.images[0] ?? null,
    // The ad's tax mode reads on each of its prices, as a search result's does.
    rent: ad.rent && { ...ad.rent, taxMode: ad.taxMode },
    sale: ad.sale && { ...ad.sale, taxMode: ad.taxMode },
    trade: Boolean(ad.trade),
    donation: Boolean(ad.donation),
    ratings: ad.equipmentRatings,
  };
}

export type AdSummary = ReturnType<typeof readSummary>;
/** An AdSummary's fields (the search page also places it on the map). */
export const readSummary = (masked: FragmentOf<typeof AD_SUMMARY_FIELDS>) => readFragment(AD_SUMMARY_FIELDS, masked);

export function cardOfSummary(summary: AdSummary): AdCardView {
  return {
    id: summary.id,
    path: summary.path,
    title: summary.title,
    category: summary.category,
    town: summary.town,
    image: summary.image,
    rent: summary.rent,
    sale: summary.sale,
    trade: summary.trade,
    donation: summary.donation,
    distanceKm: summary.distanceKm,
    ratings: summary.equipmentRatings,
  };
}

/**
 * The words a card needs. A page showing cards asks for them with its own, so that they load with the page:
 * a card asking for one later would suspend the page again when its results arrive, hiding it (and
 * detaching the refs inside it, such as the search map's) while the words load.
 */
export const AD_CARD_NAMESPACES = ['ads', 'adFields', 'ratings'] as const;
