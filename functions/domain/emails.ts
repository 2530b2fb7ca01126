// E-mail texts live with the web app's translations (web/src/locales/<lang>/emails.json), so every
// user-visible sentence is in the locales. Placeholders use the i18next `{{name}}` syntax.

import type { UiLanguage } from '@partage/graphql';
import fr from '../../web/src/locales/fr/emails.json' with { type: 'json' };
import en from '../../web/src/locales/en/emails.json' with { type: 'json' };

export type EmailName = keyof typeof fr;

export const EMAIL_TEXTS: Record<UiLanguage, Record<EmailName, { subject: string; text: string }>> = { fr, en };

/** Subject and text of an e-mail in the recipient's language; a placeholder without a value is a bug. */
export function renderEmail(name: EmailName, language: UiLanguage, values: Record<string, string>): { subject: string; text: string } {
  const fill = (template: string) =>
    template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => {
      const value = values[key];
      if (value === undefined) throw new Error(`E-mail ${name} needs a value for {{${key}}}`);
      return value;
    });
  const { subject, text } = EMAIL_TEXTS[language][name];
  return { subject: fill(subject), text: fill(text) };
}
