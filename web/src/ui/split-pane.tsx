import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { loadJson, saveJson } from '#client/lib/local-storage.ts';
import {
  paneLimits,
  clampPaneSize,
  sizeFromStored,
  toStoredSize,
  type PaneBounds,
  type SplitGeometry,
} from './pane-size.ts';
import { Splitter } from './splitter.tsx';

/** The separator's thickness: the gap between panels, so the layout looks the same with or without it. */
const GAP = 12;

// Each pane holds one panel and stretches it, as a grid cell does.
const paneClass = 'grid min-h-0 min-w-0 grid-cols-[minmax(0,1fr)] grid-rows-[minmax(0,1fr)]';

/** Props of a split: two panes and the separator between them. */
export interface SplitPaneProps extends SplitGeometry {
  /** Names the stored size (`toolscope.pane.<id>` in localStorage). */
  id: string;
  /** The separator's accessible name, e.g. "Resize the tools column". */
  label: string;
  /** The resized pane's size before the user chose one, from the length available to both panes. */
  defaultSize: (available: number) => number;
  bounds: PaneBounds;
  /** The resized pane takes only the room its content needs, and has no separator (e.g. an empty result). */
  compact?: boolean;
  start: ReactNode;
  end: ReactNode;
}

/**
 * Two panes with a separator the user drags or moves with the keyboard; the size they choose is kept for the next
 * visit. Sizes are pixels of the resized pane, kept within `bounds` as the window changes.
 */
export function SplitPane({
  id,
  label,
  direction,
  resized,
  defaultSize,
  bounds,
  compact,
  start,
  end,
}: SplitPaneProps) {
  const ref = useRef<HTMLDivElement>(null);
  const paneId = useId();
  const storageKey = `toolscope.pane.${id}`;
  const available = useAvailableLength(ref, direction);
  // Kept as a share of the available length, so a size chosen in one window fits another (pane-size.ts).
  const [stored, setStored] = useState<unknown>(() => loadJson<unknown>(storageKey, undefined));
  // Another id (the stage's wide layout) is another kept size; the panes stay mounted, only the size changes.
  const [storedFor, setStoredFor] = useState(storageKey);
  if (storedFor !== storageKey) {
    setStoredFor(storageKey);
    setStored(loadJson<unknown>(storageKey, undefined));
  }
  const limits = available === undefined ? undefined : paneLimits(available, bounds);
  const size =
    available === undefined || !limits
      ? undefined
      : clampPaneSize(sizeFromStored(stored, available) ?? defaultSize(available), limits);
  const keep = (value: number | undefined) =>
    value === undefined || available === undefined ? undefined : toStoredSize(value, available);

  const resizedStyle = compact
    ? { flex: '0 0 auto' }
    : size === undefined
      ? { flex: '1 1 0' }
      : { flex: `0 0 ${size}px` };
  const resizedPane = (
    <div id={paneId} className={paneClass} style={resizedStyle}>
      {resized === 'start' ? start : end}
    </div>
  );
  const otherPane = (
    <div className={paneClass} style={{ flex: '1 1 0' }}>
      {resized === 'start' ? end : start}
    </div>
  );
  const separator =
    compact || size === undefined || !limits ? (
      <div aria-hidden style={{ flex: `0 0 ${GAP}px` }} />
    ) : (
      <Splitter
        label={label}
        controls={paneId}
        geometry={{ direction, resized }}
        size={size}
        limits={limits}
        thickness={GAP}
        onResize={(value) => setStored(keep(value))}
        onCommit={(value) => saveJson(storageKey, keep(value) ?? null)}
      />
    );
  return (
    <div ref={ref} className={`flex min-h-0 min-w-0 ${direction === 'row' ? 'flex-row' : 'flex-col'}`}>
      {resized === 'start' ? resizedPane : otherPane}
      {separator}
      {resized === 'start' ? otherPane : resizedPane}
    </div>
  );
}

/**
 * The length of the element along the split less the separator, measured before the first paint and again
 * whenever it changes (window resized, an outer split moved). Undefined until measured.
 */
function useAvailableLength(ref: React.RefObject<HTMLDivElement | null>, direction: 'row' | 'column') {
  const [length, setLength] = useState<number>();
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const box = element.getBoundingClientRect();
      setLength(Math.max(0, (direction === 'row' ? box.width : box.height) - GAP));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, direction]);
  return length;
}
