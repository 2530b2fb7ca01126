// Renders an e-mail of @partage/graphql/emails in the recipient's language, as HTML and plain text
// from its one template (email-templates.ts): the greeting, the template's blocks, the signature, and
// a footer saying why the recipient receives it. Values someone typed are made inert (email-fill.ts);
// every link opens the web app in the recipient's language.

import type { UiLanguage } from '@partage/graphql';
import { EMAIL_DOCUMENT, EMAIL_LAYOUT_TEXTS, EMAIL_TEXTS, type EmailName } from '@partage/graphql/emails';
import { paragraphsOf, type AdCard, type EmailContext } from './email-blocks';
import { fillHtml, fillText, inertText } from './email-fill';
import { EMAIL_TEMPLATES } from './email-templates';
import { appLink, withLanguage } from './links';

export { EMAIL_TEXTS, type EmailName };
export { inertText };

/** The values of an e-mail's placeholders: text, or the ads of a list of cards. */
export type EmailValues = Readonly<Record<string, string | readonly AdCard[]>>;

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * A text that depends on `{{count}}` is written once per plural form, as i18next does on the web
 * (`subject_one`, `subject_other`): "1 nouvelle annonce", never "1 nouvelle(s) annonce(s)". A form the
 * language has but the texts do not write (French's `many`) reads as `other`.
 */
function pluralKey(key: string, language: UiLanguage, count: EmailValues[string] | undefined): string {
  if (typeof count !== 'string') return key;
  const form = new Intl.PluralRules(language).select(Number(count));
  return form === 'one' ? `${key}_one` : `${key}_other`;
}

/** An e-mail in the recipient's language; a placeholder without a value is a bug, and throws. */
export function renderEmail(name: EmailName, language: UiLanguage, values: EmailValues): RenderedEmail {
  const texts = EMAIL_TEXTS[language][name];
  const layout = EMAIL_LAYOUT_TEXTS[language];
  const valueOf = (key: string) => {
    const value = values[key];
    if (typeof value !== 'string') throw new Error(`E-mail ${name} needs a value for {{${key}}}`);
    return value;
  };
  const context: EmailContext = {
    language,
    text(key) {
      const text = texts[key] ?? texts[pluralKey(key, language, values.count)];
      if (text === undefined) throw new Error(`E-mail ${name} has no text "${key}"`);
      return fillText(text, (placeholder) => inertText(valueOf(placeholder)));
    },
    value: valueOf,
    link: (key) => withLanguage(valueOf(key), language),
    cards(key) {
      const cards = values[key];
      if (!Array.isArray(cards)) throw new Error(`E-mail ${name} needs a list of ads for ${key}`);
      return cards as readonly AdCard[];
    },
  };
  const parts = [
    paragraphsOf(texts.greeting === undefined ? layout.greeting : context.text('greeting')),
    ...EMAIL_TEMPLATES[name].map((block) => block(context)),
    paragraphsOf(layout.signature),
  ];
  const subject = context.text('subject');
  const reason = context.text('reason');
  const homeUrl = withLanguage(appLink('/'), language);
  return {
    subject,
    text: `${parts.map((part) => part.text).join('\n\n')}\n\n-- \n${reason}\n${layout.brand} · ${homeUrl}\n`,
    html: fillHtml(EMAIL_DOCUMENT, {
      lang: language,
      subject,
      preheader: context.text('preheader'),
      body: parts.map((part) => part.html).join('\n'),
      footer: reason,
      brand: layout.brand,
      tagline: layout.tagline,
      homeUrl,
    }),
  };
}
