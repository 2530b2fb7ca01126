// How a digest card says an ad's prices, in the alert's language (the ad list's wording,
// web/src/locales/<lang>/adFields.json): "1 200,00 $ / jour", "100 à 500 $", "prix à déterminer".
// The modes' names are the e-mail layout's (graphql/src/emails/layout).

import { formatMoney, type PriceRange, type RentUnit, type UiLanguage } from '@partage/graphql';
import type { OfferPriceRecord, SearchEntry } from '../../data/search-index';
import type { AdCard } from '../email-blocks';

interface OfferWords {
  toBeDetermined: string;
  ranges: Record<PriceRange, string>;
  /** A rent price with what it is for (adFields.json `pricePer`). */
  per: Record<RentUnit, (price: string) => string>;
}

const WORDS: Record<UiLanguage, OfferWords> = {
  fr: {
    toBeDetermined: 'prix à déterminer',
    ranges: {
      FROM_0_TO_100: '0 à 100 $',
      FROM_100_TO_500: '100 à 500 $',
      FROM_500_TO_1000: '500 à 1 000 $',
      FROM_1000_TO_2000: '1 000 à 2 000 $',
      FROM_2000: '2 000 $ et plus',
    },
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
    ranges: {
      FROM_0_TO_100: '$0 to $100',
      FROM_100_TO_500: '$100 to $500',
      FROM_500_TO_1000: '$500 to $1,000',
      FROM_1000_TO_2000: '$1,000 to $2,000',
      FROM_2000: '$2,000 or more',
    },
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
        ? words.ranges[price.range]
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
