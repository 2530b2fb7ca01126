// The answers a page painted by the server was rendered with (web/src/server-render.tsx), handed to the
// browser's query cache so that the app, taking the page over, shows the same content without asking the
// API again. They travel in a `<script type="application/json">` element: data, never run, so the CSP
// (no inline scripts but the language check) has nothing to allow.
import { PAGE_DATA_ID } from '@partage/graphql';
import { getSession } from '../auth/session';
import { queryClient } from './query-client';

/** One query's answer under its cache key (queries.ts queryKey); an infinite query's is `{ pages, pageParams }`. */
export interface PageDataEntry {
  key: readonly unknown[];
  data: unknown;
}

// `<` (and so `</script>` or `<!--`) ends or changes the element whatever JSON thinks; the line separators
// are JSON but not JavaScript. Escaped, the text is still the same JSON.
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;
const escapeForScript = (json: string) =>
  json.replace(UNSAFE_IN_SCRIPT, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The element carrying `entries`, for the end of the page's body. */
export const pageDataElement = (entries: readonly PageDataEntry[]): string =>
  `<script type="application/json" id="${PAGE_DATA_ID}">${escapeForScript(JSON.stringify(entries))}</script>`;

/**
 * Puts the page's answers in the query cache, as just fetched (they are fresh for the cache's staleTime),
 * and removes the element: read once, before the app's first render. A page without it changes nothing.
 * They are a visitor's view: for a signed-in reader they are shown, then asked again with the reader's
 * session when the page mounts (their own ad's edit link, the owner's contact details).
 */
export function seedPageData(root: Document = document): void {
  const element = root.getElementById(PAGE_DATA_ID);
  if (!element) return;
  element.remove();
  const entries = JSON.parse(element.textContent || '[]') as PageDataEntry[];
  const signedIn = getSession() !== null;
  for (const { key, data } of entries) {
    queryClient.setQueryData(key, data);
    if (signedIn) void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
  }
}
