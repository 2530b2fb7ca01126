// The texts of the contracts' numbered documents as PDFs (issue 39 §4) and of the files the server
// writes for people (the personal-data export's `about`), per language: the functions write them, and
// functions/ does not import from web/ (the receipt page has its own in web/src/locales). Placeholders in the i18next `{{name}}` syntax. Imported as
// `@partage/graphql/documents`, so the web bundle never carries them.

import type { UiLanguage } from '../enums';
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };

export type DocumentTextKey = keyof typeof fr;

export const DOCUMENT_TEXTS: Record<UiLanguage, Record<DocumentTextKey, string>> = { fr, en };

/** A document's text in a language, its placeholders filled (a missing value is a bug, and throws). */
export function documentText(language: UiLanguage, key: DocumentTextKey, values: Record<string, string> = {}): string {
  return DOCUMENT_TEXTS[language][key].replace(/\{\{(\w+)\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Document text ${key} needs a value for {{${name}}}`);
    return value;
  });
}
