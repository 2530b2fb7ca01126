import { publicUrl } from '../adapters/env';

/** An absolute link to a page of the web app, for an e-mail; absent parameters are left out. */
export function appLink(path: string, params: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return `${publicUrl()}${path}${query.size ? `?${query}` : ''}`;
}
