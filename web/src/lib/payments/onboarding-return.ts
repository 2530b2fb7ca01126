// The page an owner left to onboard with the payment provider (the contract form they were filling), so
// that the provider's return page offers the way back to it. sessionStorage: this tab only, and gone with it.
// Only a path of this site is kept and followed (the login's check: the stored value is read back into a link).
import { safeReturnPath, STORAGE_KEYS } from '@partage/graphql';

export function rememberOnboardingReturn(path: string | undefined): void {
  try {
    const kept = safeReturnPath(path);
    if (kept) sessionStorage.setItem(STORAGE_KEYS.onboardingReturn, kept);
    else sessionStorage.removeItem(STORAGE_KEYS.onboardingReturn);
  } catch {
    // Storage refused (private mode): the way back is the conversation, as before.
  }
}

export function onboardingReturn(): string | null {
  try {
    return safeReturnPath(sessionStorage.getItem(STORAGE_KEYS.onboardingReturn));
  } catch {
    return null;
  }
}
