// The `returnPath` of the login page (spec §2). Only a path of this site is followed, never another
// origin; the check is shared with the server (graphql/src/return-path.ts).
import { PATHS } from './paths';

export { safeReturnPath } from '@partage/graphql';

/** The login page, asked to come back to `wanted` (path and query) afterwards. */
export function loginPathReturningTo(wanted: string): string {
  return `${PATHS.login}?${new URLSearchParams({ returnPath: wanted })}`;
}
