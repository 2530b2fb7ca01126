// Ids that come from a request rather than from chance: a form sends one request key per submit, kept
// across its retries, so a retry after a lost answer finds what its first call wrote (one contract,
// one ad) rather than writing a second one.

import { createHash } from 'node:crypto';

/** A UUID-shaped id from the parts of a request (the caller, what it is about, its request key). */
export function idOfRequest(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join(':')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
