// The e-mails the server sends: their texts per language (placeholders in the i18next `{{name}}`
// syntax), the texts of the layout they share, and the layout compiled to HTML (layout.mjml ->
// ../generated/email-layout.ts). Here rather than in web/src/locales: the functions send them, and
// functions/ does not import from web/. Imported as `@partage/graphql/emails`, so the web bundle
// never carries them.

import type { UiLanguage } from '../enums';
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import layoutEn from './layout/en.json' with { type: 'json' };
import layoutFr from './layout/fr.json' with { type: 'json' };

export { EMAIL_BLOCKS, EMAIL_DOCUMENT } from '../generated/email-layout';

export type EmailName = keyof typeof fr;

/**
 * Per e-mail, its `subject` (or, when it counts, `subject_one` and `subject_other`, i18next's plural
 * keys), `preheader` (the line inboxes show after the subject), `reason` (why the recipient receives
 * it, in the footer), an optional `greeting`, and the texts its template places.
 */
export type EmailTexts = Readonly<Record<string, string>> &
  ({ subject: string } | { subject_one: string; subject_other: string }) & { preheader: string; reason: string; greeting?: string };

export const EMAIL_TEXTS: Record<UiLanguage, Record<EmailName, EmailTexts>> = { fr, en };

export type EmailLayoutTexts = typeof layoutFr;

export const EMAIL_LAYOUT_TEXTS: Record<UiLanguage, EmailLayoutTexts> = { fr: layoutFr, en: layoutEn };
