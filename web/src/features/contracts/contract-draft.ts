// A contract proposal being written, kept in sessionStorage (this tab only, gone with it) while it is
// filled: an owner who leaves to onboard with the payment provider finds it as they left it. Documents
// already joined are kept; a file chosen from the device but not sent yet cannot be.
import type { ContractDraft } from './ContractForm';

/** The draft kept under `key` (storage refused or unreadable: none). */
export function storedDraft(key: string): ContractDraft | null {
  try {
    const stored = sessionStorage.getItem(key);
    return stored ? (JSON.parse(stored) as ContractDraft) : null;
  } catch {
    return null;
  }
}

export function keepDraft(key: string, draft: ContractDraft) {
  try {
    sessionStorage.setItem(key, JSON.stringify({ ...draft, files: draft.files.filter((file) => file.fileId) }));
  } catch {
    // Storage full or refused: the draft lives as long as the page.
  }
}

export function forgetDraft(key: string) {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing was kept.
  }
}
