// An action asked twice (a refund, a cancellation): its button, then in its place a question with the
// choices. The focus follows what the person acts on: into the question when it opens (a screen reader
// reads it, Tab reaches the choices), back to the button when it closes, by "keep", Escape or once done.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

export function useConfirmStep() {
  const [confirming, setConfirming] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  const step = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (confirming) step.current?.focus();
    // The button is back in the question's place (gone if the action made it pointless).
    else if (wasOpen.current) openerRef.current?.focus();
    wasOpen.current = confirming;
  }, [confirming]);
  const close = useCallback(() => setConfirming(false), []);
  return {
    confirming,
    open: () => setConfirming(true),
    close,
    /** The button that opens the question. */
    openerRef,
    /** Spread on the question's element (a group or a form). */
    stepProps: {
      ref: (element: HTMLElement | null) => {
        step.current = element;
      },
      tabIndex: -1,
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        close();
      },
    },
  };
}
