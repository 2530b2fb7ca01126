import type { ReactNode } from 'react';

/** Stays focusable while the form is sent (aria-disabled, not disabled), so focus is not lost. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button" aria-disabled={busy || undefined}>
      {children}
    </button>
  );
}
