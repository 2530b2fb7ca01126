import { useEffect, useRef, type ReactNode } from 'react';
import './outcome.css';

/**
 * What a page says once a link is checked or a request is sent, in place of its form or wait. It takes
 * focus, so a screen reader reads it at once and keyboard users go on from there.
 */
export function Outcome({ tone, children }: { tone: 'success' | 'info' | 'error'; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className={`outcome outcome--${tone}`}>
      {children}
    </div>
  );
}
