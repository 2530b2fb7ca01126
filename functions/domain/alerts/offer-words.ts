// How a digest card says an ad's prices, in the alert's language (the ad list's wording,
// web/src/locales/<lang>/adFields.json): "1 200,00 $ / jour", "100 à 500 $", "prix à déterminer";
// amounts and price buckets in the one money format (graphql/src/money.ts).
// The modes' names are the e-mail layout's (graphql/src/emails/layout).

import { formatMoney, formatPriceRange, type RentUnit, type UiLanguage } from '@partage/graphql';
import type { OfferPriceRecord, SearchEntry } from '../../data/search-index';
import type { AdCard } from '../email-blocks';

interface OfferWords {
  toBeDetermined: string;
  /** A rent price with what it is for (adFields.json `pricePer`). */
  per: Record<RentUnit, (price: string) => string>;
}

const WORDS: Record<UiLanguage, OfferWords> = {
  fr: {
    toBeDetermined: 'prix à déterminer',
    per: {
      HOUR: (price) => `${price} / heure`,
      DAY: (price) => `${price} / jour`,
      WEEK: (price) => `${price} / semaine`,
      MONTH: (price) => `${price} / mois`,
      FLAT: (price) => `${price} (forfait)`,
    },
  },
  en: {
    toBeDetermined: 'price to be determined',
    per: {
      HOUR: (price) => `${price} / hour`,
      DAY: (price) => `${price} / day`,
      WEEK: (price) => `${price} / week`,
      MONTH: (price) => `${price} / month`,
      FLAT: (price) => `${price} flat rate`,
    },
  },
};

function priceWords(price: OfferPriceRecord, language: UiLanguage): string {
  const words = WORDS[language];
  const amount =
    price.kind === 'AMOUNT' && price.amountCents !== null
      ? formatMoney(price.amountCents, language)
      : price.kind === 'RANGE' && price.range
        ? formatPriceRange(price.range, language)
        : null;
  if (amount === null) return words.toBeDetermined;
  return price.unit ? words.per[price.unit](amount) : amount;
}

/** The ad's modes in order, the rent and sale ones with their price in words. */
export function offersOf(entry: Pick<SearchEntry, 'rent' | 'sale' | 'trade' | 'donation'>, language: UiLanguage): AdCard['offers'] {
  return [
    ...(entry.rent ? [{ mode: 'RENT' as const, price: priceWords(entry.rent, language) }] : []),
    ...(entry.sale ? [{ mode: 'SALE' as const, price: priceWords(entry.sale, language) }] : []),
    ...(entry.trade ? [{ mode: 'TRADE' as const }] : []),
    ...(entry.donation ? [{ mode: 'DONATION' as const }] : []),
  ];
}
