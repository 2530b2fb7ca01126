// An alert as its owner reads it, and what other users may see of someone's alerts (their public
// profile): the criteria's enumerations only, never the place, the radius, the address or the
// typed keyword — a keyword or a place says where someone lives or works.

import type { AlertLinkResult, AlertSource, PublicAlertsSource } from '@partage/graphql';
import type { AlertRecord } from '../../data/alerts';
import { epochSeconds } from '../clock';
import { CONTENT_LANGUAGE_OF } from '../accounts/account-fields';

/** Not deleted, and not an unconfirmed alert whose time ran out (DynamoDB deletes expired items lazily). */
export const isLive = (alert: AlertRecord | undefined): alert is AlertRecord =>
  !!alert && !alert.deletedAt && (alert.ttl === null || alert.ttl > epochSeconds());

export function alertView(alert: AlertRecord): AlertSource {
  const { id, status, criteria, place, radiusKm, email, language, createdAt, updatedAt, lastDigestAt } = alert;
  return {
    id,
    status,
    criteria: { ...criteria, availability: criteria.availability && { ...criteria.availability } },
    place: { ...place },
    radiusKm,
    email,
    language: CONTENT_LANGUAGE_OF[language],
    createdAt,
    updatedAt,
    lastDigestAt,
  };
}

export const alertLinkResult = (alert: AlertRecord): AlertLinkResult => ({
  id: alert.id,
  status: alert.status,
  language: CONTENT_LANGUAGE_OF[alert.language],
});

export function publicAlertsOf(alerts: AlertRecord[]): PublicAlertsSource {
  const active = alerts.filter((alert) => isLive(alert) && alert.status === 'ACTIVE');
  return {
    count: active.length,
    items: active.map(({ criteria: { categories, modes, priceRanges, certifications } }) => ({
      categories,
      modes,
      priceRanges,
      certifications,
    })),
  };
}
