// Hooks that let heavy widgets (the maps: about 1 MB of MapLibre) wait until the reader can see them.
import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';

/**
 * Whether a media query matches, following changes. A browser without matchMedia (the unit tests' jsdom)
 * answers `fallback`; a page painted ahead (prerendered, or by the server), false.
 */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof matchMedia !== 'function') return () => undefined;
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof matchMedia === 'function' ? matchMedia(query).matches : fallback),
    // Outside a browser (the pages painted ahead), no query matches; the app adopts that markup, then renders
    // with the screen's answer.
    () => false,
  );
}

/**
 * A ref for an element, and whether it has come within `margin` of the viewport (it then stays true).
 * In a browser without IntersectionObserver (jsdom), it is true at once; rendered outside a browser (the
 * server's pages), false, as the browser's first render is (it adopts that markup).
 */
export function useNearViewport<T extends Element>(margin = '200px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !ref.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: margin,
    });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near];
}
