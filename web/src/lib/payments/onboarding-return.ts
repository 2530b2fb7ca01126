// The page an owner left to onboard with the payment provider (the contract form they were filling), so
// that the provider's return page offers the way back to it. sessionStorage: this tab only, and gone with it.
import { STORAGE_KEYS } from '@partage/graphql';

/** Only a path of this site: the stored value is read back into a link. */
const isOwnPath = (path: string | null): path is string => !!path && path.startsWith('/') && !path.startsWith('//');

export function rememberOnboardingReturn(path: string | undefined): void {
  try {
    if (path && isOwnPath(path)) sessionStorage.setItem(STORAGE_KEYS.onboardingReturn, path);
    else sessionStorage.removeItem(STORAGE_KEYS.onboardingReturn);
  } catch {
    // Storage refused (private mode): the way back is the conversation, as before.
  }
}

export function onboardingReturn(): string | null {
  try {
    const path = sessionStorage.getItem(STORAGE_KEYS.onboardingReturn);
    return isOwnPath(path) ? path : null;
  } catch {
    return null;
  }
}
