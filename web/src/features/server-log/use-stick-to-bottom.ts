import { useLayoutEffect, useRef } from 'react';

/** How close to the bottom (px) still counts as "following" the log. */
const SLACK = 24;

/**
 * Keeps a scrolling list at its bottom as lines arrive, unless the user scrolled up to read:
 * then it stays where they are until they scroll back down.
 */
export function useStickToBottom<T extends HTMLElement>(changeKey: unknown) {
  const ref = useRef<T>(null);
  const following = useRef(true);

  useLayoutEffect(() => {
    const element = ref.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [changeKey]);

  const onScroll = () => {
    const element = ref.current;
    if (!element) return;
    following.current = element.scrollHeight - element.scrollTop - element.clientHeight < SLACK;
  };
  return { ref, onScroll };
}
