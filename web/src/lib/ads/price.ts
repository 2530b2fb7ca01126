// How a rent or sale price reads (spec §9): an amount in the money format of the reader's language, a
// price bucket, or "to be determined"; a rent price with what it is for ("/ day", issue 23 point 3).
import {
  comparableDayPriceCents,
  formatMoney,
  showsDayPrice,
  type PriceKind,
  type PriceRange,
  type RentUnit,
  type UiLanguage,
} from '@partage/graphql';
import type { TFunction } from 'i18next';

export interface PriceOfferValue {
  kind: PriceKind;
  amountCents?: number | null;
  range?: PriceRange | null;
  /** Rent only; absent on a sale, and on rent offers saved before units existed (shown without one). */
  unit?: RentUnit | null;
}

/** `t` must have the adFields namespace loaded. */
export function priceLabel(offer: PriceOfferValue, language: UiLanguage, t: TFunction): string {
  const price =
    offer.kind === 'AMOUNT' && offer.amountCents != null
      ? formatMoney(offer.amountCents, language)
      : offer.kind === 'RANGE' && offer.range
        ? t(`adFields:priceRanges.${offer.range}`)
        : null;
  if (price === null) return t('adFields:priceKinds.TO_BE_DETERMINED');
  return offer.unit ? t(`adFields:pricePer.${offer.unit}`, { price }) : price;
}

export const OFFER_MODES = ['rent', 'sale', 'trade', 'donation'] as const;
export type OfferMode = (typeof OFFER_MODES)[number];

/**
 * A card's price: as priceLabel, followed by one day's price when the unit is not the day ("40 $ / hour,
 * ≈ 320 $ / day"): the price orders of the search compare that (comparableDayPriceCents).
 */
export function cardPriceLabel(offer: PriceOfferValue, language: UiLanguage, t: TFunction): string {
  const label = priceLabel(offer, language, t);
  const day = showsDayPrice(offer) ? comparableDayPriceCents(offer) : null;
  return day === null ? label : t('adFields:withDayPrice', { label, price: formatMoney(day, language) });
}
