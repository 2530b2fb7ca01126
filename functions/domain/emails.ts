// Renders the e-mail texts of @partage/graphql/emails in the recipient's language. A filled-in value
// may be text someone typed (a first name): it is made inert so that no mail client turns it into a
// link; only the `{{link}}` the service builds stays a link.

import type { UiLanguage } from '@partage/graphql';
import { EMAIL_TEXTS, type EmailName } from '@partage/graphql/emails';

export { EMAIL_TEXTS, type EmailName };

/**
 * `value` with look-alikes for the characters that make a URL or an address (`.`, `:`, `/`, `@`),
 * so that `www.evil.example` or `http://…` in a name is read as text and never auto-linked.
 */
export function inertText(value: string): string {
  return value.replace(/[.:/@]/g, (c) => ({ '.': '\u2024', ':': '\ua789', '/': '\u2215', '@': '\uff20' })[c]!);
}

/**
 * Subject and text of an e-mail in the recipient's language; a placeholder without a value is a bug.
 * `built`: values the service made itself (more links, parts rendered by renderEmail), kept as they are.
 */
export function renderEmail(
  name: EmailName,
  language: UiLanguage,
  values: Record<string, string>,
  built: Record<string, string> = {},
): { subject: string; text: string } {
  const fill = (template: string) =>
    template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => {
      const value = built[key] ?? values[key];
      if (value === undefined) throw new Error(`E-mail ${name} needs a value for {{${key}}}`);
      return key === 'link' || key in built ? value : inertText(value);
    });
  const { subject, text } = EMAIL_TEXTS[language][name];
  return { subject: fill(subject), text: fill(text) };
}
