// The `returnPath` of the login page (spec §2). Only a path of this site is followed, never another origin.
import { PATHS } from './paths';

const hasControlCharacter = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** The path itself when it is a same-origin relative path (a single leading `/`), else null. */
export function safeReturnPath(raw: string | null): string | null {
  // "//host" and "/\host" are protocol-relative in browsers; control characters hide such tricks.
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\') || hasControlCharacter(raw)) return null;
  const base = 'https://partage.invalid';
  const url = new URL(raw, base);
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
}

/** The login page, asked to come back to `wanted` (path and query) afterwards. */
export function loginPathReturningTo(wanted: string): string {
  return `${PATHS.login}?${new URLSearchParams({ returnPath: wanted })}`;
}
