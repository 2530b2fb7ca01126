// Where an ad is, as a card or a search row says it: its town, and its distance from the searched place
// when there is one ("Laval, à 12,5 km"), with at most one decimal in the reader's number format.
import type { UiLanguage } from '@partage/graphql';
import type { TFunction } from 'i18next';

/**
 * One formatter per language, made on first use. i18next's own `number` format made one per card: its
 * cache is keyed by every value of the sentence, the town too, and a formatter costs a phone's main
 * thread its locale data (most of a search page's takeover in a profile).
 */
const formats: Partial<Record<UiLanguage, Intl.NumberFormat>> = {};

export const formatKilometres = (kilometres: number, language: UiLanguage): string =>
  (formats[language] ??= new Intl.NumberFormat(language, { maximumFractionDigits: 1 })).format(kilometres);

/** `t` must have the ads namespace loaded. */
export function townLabel(ad: { town: string; distanceKm?: number | null }, language: UiLanguage, t: TFunction): string {
  return ad.distanceKm != null
    ? t('ads:card.townAtDistance', { town: ad.town, distance: formatKilometres(ad.distanceKm, language) })
    : ad.town;
}
