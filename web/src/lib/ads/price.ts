// How a rent or sale price reads (spec §9): an amount in the money format of the reader's language, a
// price bucket, or "to be determined".
import { formatMoney, type PriceKind, type PriceRange, type UiLanguage } from '@partage/graphql';
import type { TFunction } from 'i18next';

export interface PriceOfferValue {
  kind: PriceKind;
  amountCents?: number | null;
  range?: PriceRange | null;
}

/** `t` must have the adFields namespace loaded. */
export function priceLabel(offer: PriceOfferValue, language: UiLanguage, t: TFunction): string {
  if (offer.kind === 'AMOUNT' && offer.amountCents != null) return formatMoney(offer.amountCents, language);
  if (offer.kind === 'RANGE' && offer.range) return t(`adFields:priceRanges.${offer.range}`);
  return t('adFields:priceKinds.TO_BE_DETERMINED');
}

export const OFFER_MODES = ['rent', 'sale', 'trade', 'donation'] as const;
export type OfferMode = (typeof OFFER_MODES)[number];
