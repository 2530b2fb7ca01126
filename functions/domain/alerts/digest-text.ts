// The digest e-mail as plain text (texts alertDigest, alertDigestCard, alertDigestMore of
// graphql/src/emails): what people typed (titles, towns, the alert's place) is made inert, the links
// and the words the service builds stay as they are.

import type { EmailMessage } from '../../adapters/mailer';
import { renderEmail } from '../emails';
import type { DigestContent } from './digest-content';

const decimal = (value: number, language: DigestContent['language']) => value.toLocaleString(language === 'fr' ? 'fr-CA' : 'en-CA');

export function digestMessage(content: DigestContent): EmailMessage {
  const { language } = content;
  const cards = content.cards
    .map(
      (card) =>
        renderEmail(
          'alertDigestCard',
          language,
          { title: card.title, town: card.town },
          // Built by the service (no owner's text): amounts keep their decimal mark.
          { link: card.link, imageUrl: card.imageUrl ?? '—', offers: card.offers, distance: decimal(card.distanceKm, language) },
        ).text,
    )
    .join('\n');
  const more =
    content.moreCount > 0
      ? renderEmail('alertDigestMore', language, { count: String(content.moreCount) }, { link: content.moreLink }).text
      : '';
  const { subject, text } = renderEmail(
    'alertDigest',
    language,
    { count: String(content.cards.length + content.moreCount), radius: String(content.radiusKm), place: content.placeLabel },
    { cards, more, deleteLink: content.deleteLink },
  );
  return { to: content.to, subject, text, listUnsubscribeUrl: content.unsubscribeUrl };
}
