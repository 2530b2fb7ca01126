// How a digest card says an ad's prices, in the alert's language (the ad list's wording,
// web/src/locales/<lang>/adFields.json): "1 200,00 $", "100 à 500 $", "prix à déterminer".
// The modes' names are the e-mail layout's (graphql/src/emails/layout).

import { formatMoney, type PriceRange, type UiLanguage } from '@partage/graphql';
import type { OfferPriceRecord, SearchEntry } from '../../data/search-index';
import type { AdCard } from '../email-blocks';

interface OfferWords {
  toBeDetermined: string;
  ranges: Record<PriceRange, string>;
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
  },
};

function priceWords(price: OfferPriceRecord, language: UiLanguage): string {
  const words = WORDS[language];
  if (price.kind === 'AMOUNT' && price.amountCents !== null) return formatMoney(price.amountCents, language);
  if (price.kind === 'RANGE' && price.range) return words.ranges[price.range];
  return words.toBeDetermined;
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
