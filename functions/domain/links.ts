import type { UiLanguage } from '@partage/graphql';
import { publicUrl } from '../adapters/env';

/** An absolute link to a page of the web app, for an e-mail; absent parameters are left out. */
export function appLink(path: string, params: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return `${publicUrl()}${path}${query.size ? `?${query}` : ''}`;
}

/**
 * `url` opening the web app in `language` (its `lang` parameter, which the app reads first), whether
 * or not the URL has a query already: a link in an e-mail may be opened on a device that never chose one.
 */
export function withLanguage(url: string, language: UiLanguage): string {
  const link = new URL(url);
  link.searchParams.set('lang', language);
  return link.toString();
}
