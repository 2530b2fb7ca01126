// Where an ad is, as a card or a search row says it: its town, and its distance from the searched place
// when there is one ("Laval, à 12,5 km"), with at most one decimal in the reader's number format.
import { perLanguage, type UiLanguage } from '@partage/graphql';
import type { TFunction } from 'i18next';

/**
 * One formatter per language (perLanguage). i18next's own `number` format made one per card: its cache is
 * keyed by every value of the sentence, the town too, and a formatter costs a phone's main thread its
 * locale data (about half of a long task of the search page's takeover in a profile).
 */
const kilometresFormat = perLanguage((language) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }));

/** `t` must have the ads namespace loaded. */
export function townLabel(ad: { town: string; distanceKm?: number | null }, language: UiLanguage, t: TFunction): string {
  return ad.distanceKm != null
    ? t('ads:card.townAtDistance', { town: ad.town, distance: kilometresFormat(language).format(ad.distanceKm) })
    : ad.town;
}
