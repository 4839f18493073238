import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders only the rows in view (plus a margin) of a long list with fixed-height rows, so lists of
 * thousands of tools or frames stay fluid. Off-screen rows are not in the DOM.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  renderRow,
  label,
  className,
  overscan = 8,
  stickToBottom = false,
  revealIndex,
}: {
  items: readonly T[];
  rowHeight: number;
  renderRow: (item: T, index: number) => ReactNode;
  /** Accessible name of the list. */
  label: string;
  className?: string;
  overscan?: number;
  /** Keep the view at the end while new items arrive, unless the user scrolled up. */
  stickToBottom?: boolean;
  /** Scroll this row into view when it changes or the list's height does (a detail opened below). */
  revealIndex?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);
  const atBottom = useRef(true);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight));
    observer.observe(element);
    setHeight(element.clientHeight);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = ref.current;
    // The full height is known from the row count, so no layout has to be read here; the browser clamps.
    if (stickToBottom && element && atBottom.current) element.scrollTop = items.length * rowHeight;
  }, [items.length, stickToBottom, rowHeight]);

  useEffect(() => {
    const element = ref.current;
    if (!element || revealIndex === undefined || revealIndex < 0) return;
    const top = revealIndex * rowHeight;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + rowHeight > element.scrollTop + element.clientHeight)
      element.scrollTop = top + rowHeight - element.clientHeight;
  }, [revealIndex, height, rowHeight]);

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  const rows: ReactNode[] = [];
  for (let index = first; index < last; index++) rows.push(renderRow(items[index]!, index));

  return (
    <div
      ref={ref}
      className={`min-h-0 overflow-y-auto ${className ?? ''}`}
      onScroll={(event) => {
        const element = event.currentTarget;
        atBottom.current = element.scrollTop + element.clientHeight >= element.scrollHeight - rowHeight;
        setScrollTop(element.scrollTop);
      }}
    >
      <ul
        aria-label={label}
        className="box-border"
        style={{ height: items.length * rowHeight, paddingTop: first * rowHeight }}
      >
        {rows}
      </ul>
    </div>
  );
}
