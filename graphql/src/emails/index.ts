// The texts of the e-mails the server sends, per language (placeholders in the i18next `{{name}}`
// syntax). Here rather than in web/src/locales: the functions send them, and functions/ does not
// import from web/. Imported as `@partage/graphql/emails`, so the web bundle never carries them.

import type { UiLanguage } from '../enums';
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };

export type EmailName = keyof typeof fr;

export const EMAIL_TEXTS: Record<UiLanguage, Record<EmailName, { subject: string; text: string }>> = { fr, en };
