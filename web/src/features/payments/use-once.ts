import { useEffect, useRef } from 'react';

/** Runs `effect` once when the screen opens (React's development double mount included): a call with an effect. */
export function useOnce(effect: () => void): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    effect();
  });
}
