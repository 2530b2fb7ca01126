// The digest e-mail of one alert: its content (digest-content.ts) through the alertDigest template,
// in the alert's language, with the one-click unsubscribe URL its headers carry.

import type { EmailMessage } from '../../adapters/mailer';
import { renderEmail } from '../emails';
import type { DigestContent } from './digest-content';

export function digestMessage(content: DigestContent): EmailMessage {
  const rendered = renderEmail('alertDigest', content.language, {
    count: String(content.cards.length + content.moreCount),
    radius: String(content.radiusKm),
    place: content.placeLabel,
    cards: content.cards,
    moreLink: content.moreLink,
    deleteLink: content.deleteLink,
  });
  return { to: content.to, ...rendered, listUnsubscribeUrl: content.unsubscribeUrl };
}
