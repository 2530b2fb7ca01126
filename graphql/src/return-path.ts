// Where a link may send the browser after login or sign-up (spec §2): a path of this site only.
// The web app and the server's sign-up `returnPath` check share this function, so a path one accepts
// the other accepts too.

/** Longest return path kept: it travels in links and e-mails. */
export const RETURN_PATH_MAX_LENGTH = 2000;

const BASE = 'https://partage.invalid';

// C0 and C1 controls, DEL, and the bidirectional and invisible formatting characters that hide tricks.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;

/**
 * The path itself, normalised (dot segments resolved), when it is a same-origin path; else null.
 * Normalising first matters: `/.//evil.example/x` is `//evil.example/x` once `.` is resolved, which a
 * browser would take as another host.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > RETURN_PATH_MAX_LENGTH || !raw.startsWith('/') || HIDDEN_CHARACTERS.test(raw)) return null;
  // Backslashes are slashes to a browser's URL parser; judge the path as the browser will read it.
  let url: URL;
  try {
    url = new URL(raw.replace(/\\/g, '/'), BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "//host" and "/\host" are protocol-relative; refuse them after normalisation too.
  return path.startsWith('//') || raw.startsWith('//') || raw.startsWith('/\\') ? null : path;
}
