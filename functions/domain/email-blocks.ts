// The blocks e-mail templates are made of. Each renders the same texts and values twice: as HTML,
// from the block of the compiled layout (layout.mjml in @partage/graphql/emails), and as plain text.

import type { OfferModeName, UiLanguage } from '@partage/graphql';
import { EMAIL_BLOCKS, EMAIL_LAYOUT_TEXTS } from '@partage/graphql/emails';
import { escapeHtml, fillHtml, fillText, inertText } from './email-fill';
import { withLanguage } from './links';

export interface RenderedPart {
  html: string;
  text: string;
}

/** What a block reads of the e-mail being rendered. */
export interface EmailContext {
  readonly language: UiLanguage;
  /** The e-mail's text `key` in the recipient's language, its placeholders filled with inert values. */
  text(key: string): string;
  /** The value `key` as it is (a code, a number). */
  value(key: string): string;
  /** The value `key`, a URL, opening the web app in the recipient's language. */
  link(key: string): string;
  /** The value `key`, a list of ads. */
  cards(key: string): readonly AdCard[];
}

export type EmailBlock = (context: EmailContext) => RenderedPart;

/** One ad as a card (the weekly digest lists them). */
export interface AdCard {
  /** The ad's page; the card links it in the recipient's language. */
  url: string;
  /** Typed by the ad's owner: shown inert. */
  title: string;
  /** Absolute URL of its picture; without one the card has none. */
  imageUrl?: string;
  /** The picture's alternative text; the title when absent. */
  imageAlt?: string;
  /** How it is offered, in order, each with its price already formatted (formatMoney) when it has one. */
  offers: readonly { mode: OfferModeName; price?: string }[];
  town: string;
  /** From the place the recipient searched around. */
  distanceKm?: number;
}

const joined = (parts: readonly RenderedPart[]): RenderedPart => ({
  html: parts.map((part) => part.html).join('\n'),
  text: parts.map((part) => part.text).join('\n\n'),
});

/** Text as paragraphs: a blank line starts a new one, a single line break stays one. */
export function paragraphsOf(text: string): RenderedPart {
  return joined(
    text.split(/\n{2,}/).map((paragraph) => ({
      text: paragraph,
      html: fillHtml(EMAIL_BLOCKS.paragraph, { html: escapeHtml(paragraph).replace(/\n/g, '<br>') }),
    })),
  );
}

function linkPart(block: 'button' | 'secondaryLink', label: string, href: string, language: UiLanguage): RenderedPart {
  return {
    html: fillHtml(EMAIL_BLOCKS[block], { label, href }),
    text: `${fillText(EMAIL_LAYOUT_TEXTS[language].linkIntro, () => label)}\n${href}`,
  };
}

/** The e-mail's text `key`, as paragraphs. */
export const paragraph =
  (key: string): EmailBlock =>
  (context) =>
    paragraphsOf(context.text(key));

/** The e-mail's text that the value `key` names, as paragraphs: the caller picks which of a few applies. */
export const paragraphNamedBy =
  (key: string): EmailBlock =>
  (context) =>
    paragraphsOf(context.text(context.value(key)));

/** The value `key` (a one-time code) shown large, to be typed elsewhere. */
export const code =
  (key: string): EmailBlock =>
  (context) => {
    const value = context.value(key);
    return { html: fillHtml(EMAIL_BLOCKS.code, { code: value }), text: value };
  };

/** The call to action: a button labelled with text `labelKey` to the link `linkKey`. */
export const button =
  (labelKey: string, linkKey: string): EmailBlock =>
  (context) =>
    linkPart('button', context.text(labelKey), context.link(linkKey), context.language);

/** A link less prominent than the button, labelled with text `labelKey`. */
export const secondaryLink =
  (labelKey: string, linkKey: string): EmailBlock =>
  (context) =>
    linkPart('secondaryLink', context.text(labelKey), context.link(linkKey), context.language);

/** The ads of value `key` as cards, one after the other. */
export const adCards =
  (key: string): EmailBlock =>
  (context) =>
    joined(context.cards(key).map((card) => renderAdCard(card, context.language)));

const DISTANCE_FORMATS: Record<UiLanguage, Intl.NumberFormat> = {
  fr: new Intl.NumberFormat('fr-CA', { maximumFractionDigits: 1 }),
  en: new Intl.NumberFormat('en-CA', { maximumFractionDigits: 1 }),
};

/** One ad: picture (with its alternative text), title linking the ad, modes and prices, town and distance. */
export function renderAdCard(card: AdCard, language: UiLanguage): RenderedPart {
  const texts = EMAIL_LAYOUT_TEXTS[language];
  const href = withLanguage(card.url, language);
  const title = inertText(card.title);
  const offers = card.offers
    .map(({ mode, price }) => {
      const label = texts.modes[mode];
      return price === undefined ? label : fillText(texts.offer, (key) => (key === 'mode' ? label : price));
    })
    .join(' · ');
  const town = inertText(card.town);
  const place =
    card.distanceKm === undefined
      ? town
      : fillText(texts.place, (key) => (key === 'town' ? town : DISTANCE_FORMATS[language].format(card.distanceKm!)));
  const image = card.imageUrl
    ? fillHtml(EMAIL_BLOCKS.adCardImage, { src: card.imageUrl, alt: inertText(card.imageAlt ?? card.title), href })
    : '';
  return {
    html: image + fillHtml(EMAIL_BLOCKS.adCard, { href, title, offers, place }),
    text: [title, offers, place, href].join('\n'),
  };
}
