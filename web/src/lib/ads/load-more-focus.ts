import { useEffect, useRef, type RefObject } from 'react';

/**
 * After "load more", the first new item's link takes focus, so keyboard users go on reading there.
 * Call `before()` as more is asked for; `selector` finds each item's link inside `container`.
 */
export function useLoadMoreFocus(container: RefObject<HTMLElement | null>, count: number, selector: string) {
  const countBeforeMore = useRef<number | null>(null);
  useEffect(() => {
    const before = countBeforeMore.current;
    if (before === null || count <= before) return;
    countBeforeMore.current = null;
    container.current?.querySelectorAll<HTMLElement>(selector)[before]?.focus();
  }, [container, count, selector]);
  return {
    before: () => {
      countBeforeMore.current = count;
    },
  };
}
