// How a digest card says an ad's offers, in the alert's language (the ad list's wording,
// web/src/locales/<lang>/adFields.json): "Location : 1 200,00 $ CA · Vente : 100 à 500 $ CA · Don".

import { formatMoney, type PriceRange, type UiLanguage } from '@partage/graphql';
import type { OfferPriceRecord, SearchEntry } from '../../data/search-index';

interface OfferWords {
  rent: string;
  sale: string;
  trade: string;
  donation: string;
  toBeDetermined: string;
  /** "Location : 100,00 $ CA" */
  priced: (mode: string, price: string) => string;
  ranges: Record<PriceRange, string>;
}

const WORDS: Record<UiLanguage, OfferWords> = {
  fr: {
    rent: 'Location',
    sale: 'Vente',
    trade: 'Échange',
    donation: 'Don',
    toBeDetermined: 'prix à déterminer',
    priced: (mode, price) => `${mode} : ${price}`,
    ranges: {
      FROM_0_TO_100: '0 à 100 $ CA',
      FROM_100_TO_500: '100 à 500 $ CA',
      FROM_500_TO_1000: '500 à 1 000 $ CA',
      FROM_1000_TO_2000: '1 000 à 2 000 $ CA',
      FROM_2000: '2 000 $ CA et plus',
    },
  },
  en: {
    rent: 'Rent',
    sale: 'Sale',
    trade: 'Trade',
    donation: 'Donation',
    toBeDetermined: 'price to be determined',
    priced: (mode, price) => `${mode}: ${price}`,
    ranges: {
      FROM_0_TO_100: '0 to 100 $ CA',
      FROM_100_TO_500: '100 to 500 $ CA',
      FROM_500_TO_1000: '500 to 1,000 $ CA',
      FROM_1000_TO_2000: '1,000 to 2,000 $ CA',
      FROM_2000: '2,000 $ CA and more',
    },
  },
};

function priceWords(price: OfferPriceRecord, words: OfferWords, language: UiLanguage): string {
  if (price.kind === 'AMOUNT' && price.amountCents !== null) return formatMoney(price.amountCents, language);
  if (price.kind === 'RANGE' && price.range) return words.ranges[price.range];
  return words.toBeDetermined;
}

/** The ad's modes, with the rent and sale prices, in words. */
export function offersInWords(entry: Pick<SearchEntry, 'rent' | 'sale' | 'trade' | 'donation'>, language: UiLanguage): string {
  const words = WORDS[language];
  return [
    entry.rent && words.priced(words.rent, priceWords(entry.rent, words, language)),
    entry.sale && words.priced(words.sale, priceWords(entry.sale, words, language)),
    entry.trade && words.trade,
    entry.donation && words.donation,
  ]
    .filter(Boolean)
    .join(' · ');
}
