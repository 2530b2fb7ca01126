import { useEffect, useEffectEvent, useState } from 'react';

/**
 * A text field that follows an outside value (from the address query) and sends what is typed after a
 * pause rather than at every key: `commit` runs `delay` ms after the last change. A change from outside (back button, reset) replaces the draft; the draft's own commit does
 * not. `commit` answers false when it refused the text (invalid): the draft stays, to be corrected.
 */
export function useDraft(value: string, commit: (text: string) => boolean, delay: number) {
  const [draft, setDraft] = useState(value);
  // The outside value the draft last followed, or last sent, trimmed as the address query keeps it.
  const [synced, setSynced] = useState(value);
  if (value !== synced) {
    setSynced(value);
    setDraft(value);
  }
  const pending = draft.trim() !== synced;
  const send = useEffectEvent(() => {
    if (commit(draft.trim())) setSynced(draft.trim());
  });
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(send, delay);
    return () => clearTimeout(timer);
  }, [draft, pending, delay]);
  return {
    draft,
    setDraft,
    /** The draft was sent another way (with the whole form): no commit is due any more. */
    accept: () => setSynced(draft.trim()),
  };
}
