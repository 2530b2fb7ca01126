import { useEffect, useEffectEvent, useState } from 'react';

/**
 * A text field that follows an outside value (from the address query) and sends what is typed after a
 * pause rather than at every key: `commit` runs `delay` ms after the last change. A change from
 * outside (back button, reset) replaces the draft; the outside value catching up with what the draft
 * sent does not. (A navigation is a React transition: the address may follow later than the next key
 * pressed, which must not be lost.) `commit` answers false when it refused the text (invalid): the
 * draft stays, to be corrected.
 */
export function useDraft(value: string, commit: (text: string) => boolean, delay: number) {
  const [draft, setDraft] = useState(value);
  // The outside value last seen, and the text last sent (or followed), trimmed as the address query keeps it.
  const [seen, setSeen] = useState(value);
  const [sent, setSent] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== sent) {
      setSent(value);
      setDraft(value);
    }
  }
  const pending = draft.trim() !== sent;
  const send = useEffectEvent(() => {
    if (commit(draft.trim())) setSent(draft.trim());
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
    accept: () => setSent(draft.trim()),
  };
}
