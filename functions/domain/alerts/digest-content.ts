// What one alert's weekly digest says, as data: the cards of its new ads (title in the alert's
// language, link, image, offers and prices, town, distance) and its links. The e-mail template
// (alertDigest, functions/domain/email-templates.ts) decides how it looks.

import { DIGEST_MAX_ADS, type UiLanguage } from '@partage/graphql';
import type { AlertRecord } from '../../data/alerts';
import type { SearchEntry } from '../../data/search-index';
import { publicFileUrl } from '../files/uploads';
import { appLink } from '../links';
import { alertLink, unsubscribeUrl } from './alert-emails';
import type { AdCard } from '../email-blocks';
import { offersOf } from './offer-words';

/** A new ad of the alert, with its distance from the alert's place. */
export interface DigestHit {
  entry: SearchEntry;
  meters: number;
}

export interface DigestContent {
  to: string;
  language: UiLanguage;
  placeLabel: string;
  radiusKm: number;
  /** Nearest first, at most DIGEST_MAX_ADS. */
  cards: AdCard[];
  /** Matching ads left out of the cards, and where to see them all. */
  moreCount: number;
  moreLink: string;
  deleteLink: string;
  unsubscribeUrl: string;
}

/** Card images are shown small: the narrowest variant at least this wide (else the widest). */
const CARD_IMAGE_WIDTH = 320;

function cardImageUrl(entry: SearchEntry): string | undefined {
  const variants = entry.image?.variants;
  if (!variants?.length) return undefined;
  return publicFileUrl((variants.find((variant) => variant.width >= CARD_IMAGE_WIDTH) ?? variants.at(-1)!).fileId);
}

function cardOf({ entry, meters }: DigestHit, language: UiLanguage): AdCard {
  const other = language === 'fr' ? 'en' : 'fr';
  return {
    title: entry.title[language] || entry.title[other] || '',
    url: appLink(`/annonces/${entry.path}`),
    imageUrl: cardImageUrl(entry),
    offers: offersOf(entry, language),
    town: entry.town,
    distanceKm: Math.round(meters / 100) / 10,
  };
}

export async function digestContentOf(alert: AlertRecord, hits: DigestHit[]): Promise<DigestContent> {
  const nearest = [...hits].sort((a, b) => a.meters - b.meters || (a.entry.id < b.entry.id ? -1 : 1));
  const [deleteLink, oneClick] = await Promise.all([alertLink(alert, 'delete'), unsubscribeUrl(alert)]);
  return {
    to: alert.email,
    language: alert.language,
    placeLabel: alert.place.label,
    radiusKm: alert.radiusKm,
    cards: nearest.slice(0, DIGEST_MAX_ADS).map((hit) => cardOf(hit, alert.language)),
    moreCount: Math.max(0, nearest.length - DIGEST_MAX_ADS),
    moreLink: appLink('/annonces'),
    deleteLink,
    unsubscribeUrl: oneClick,
  };
}
