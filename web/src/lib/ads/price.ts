// How a rent or sale price reads (spec §9): an amount in the money format of the reader's language, a
// price bucket, or "to be determined"; a rent price with what it is for ("/ day", issue 23 point 3).
import {
  comparableDayPriceCents,
  formatMoney,
  formatPriceRange,
  showsDayPrice,
  type PriceKind,
  type PriceRange,
  type RentUnit,
  type TaxMode,
  type UiLanguage,
} from '@partage/graphql';
import type { TFunction } from 'i18next';

export interface PriceOfferValue {
  kind: PriceKind;
  amountCents?: number | null;
  range?: PriceRange | null;
  /** Rent only; absent on a sale, and on rent offers saved before units existed (shown without one). */
  unit?: RentUnit | null;
  /** The ad's (issue 39 §3); absent where the API gives none (search entries indexed before tax modes). */
  taxMode?: TaxMode | null;
}

/** The price with its unit, or null when it is to be determined. */
function pricePerUnit(offer: PriceOfferValue, language: UiLanguage, t: TFunction): string | null {
  const price =
    offer.kind === 'AMOUNT' && offer.amountCents != null
      ? formatMoney(offer.amountCents, language)
      : offer.kind === 'RANGE' && offer.range
        ? formatPriceRange(offer.range, language)
        : null;
  if (price === null) return null;
  return offer.unit ? t(`adFields:pricePer.${offer.unit}`, { price }) : price;
}

/** A price followed by what it says of the taxes ("120,00 $ / jour, taxes en sus"). */
const withTaxMode = (price: string, offer: PriceOfferValue, t: TFunction): string =>
  offer.taxMode ? t(`adFields:priceWithTaxMode.${offer.taxMode}`, { price }) : price;

/** `t` must have the adFields namespace loaded. */
export function priceLabel(offer: PriceOfferValue, language: UiLanguage, t: TFunction): string {
  const price = pricePerUnit(offer, language, t);
  return price === null ? t('adFields:priceKinds.TO_BE_DETERMINED') : withTaxMode(price, offer, t);
}

export const OFFER_MODES = ['rent', 'sale', 'trade', 'donation'] as const;
export type OfferMode = (typeof OFFER_MODES)[number];

/**
 * A card's price: as priceLabel, followed by one day's price when the unit is not the day ("40 $ / hour,
 * ≈ 320 $ / day"): the price orders of the search compare that (comparableDayPriceCents).
 */
export function cardPriceLabel(offer: PriceOfferValue, language: UiLanguage, t: TFunction): string {
  const price = pricePerUnit(offer, language, t);
  if (price === null) return t('adFields:priceKinds.TO_BE_DETERMINED');
  const day = showsDayPrice(offer) ? comparableDayPriceCents(offer) : null;
  return withTaxMode(day === null ? price : t('adFields:withDayPrice', { label: price, price: formatMoney(day, language) }), offer, t);
}
