import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { sizeAfterDrag, sizeAfterKey, type PaneLimits, type SplitGeometry } from './pane-size.ts';

// Faint until pointed at or focused; `dark:` repeats the states so they win over the dark idle colour.
const gripClass =
  'rounded-full bg-slate-300/70 transition-colors group-hover:bg-indigo-400 group-focus-visible:bg-indigo-500 group-active:bg-indigo-500 dark:bg-slate-700/70 dark:group-hover:bg-indigo-400 dark:group-focus-visible:bg-indigo-400 dark:group-active:bg-indigo-400';

/**
 * The separator of a split (WAI-ARIA window splitter): focusable, its value the resized pane's size in pixels.
 * Arrow keys move it, Home and End give the pane its smallest and largest size, a drag moves it with the
 * pointer, and a double click goes back to the default size (`onResize(undefined)`). `onResize` follows every
 * step; `onCommit` comes once the user is done (key released, pointer up), to store the size.
 */
export function Splitter({
  label,
  controls,
  geometry,
  size,
  limits,
  thickness,
  onResize,
  onCommit,
}: {
  label: string;
  /** Id of the resized pane. */
  controls: string;
  geometry: SplitGeometry;
  size: number;
  limits: PaneLimits;
  thickness: number;
  onResize: (size: number | undefined) => void;
  onCommit: (size: number | undefined) => void;
}) {
  const drag = useRef<{ pointerId: number; origin: number; startSize: number; size: number }>(undefined);
  const row = geometry.direction === 'row';
  const along = (event: PointerEvent) => (row ? event.clientX : event.clientY);

  const onKeyDown = (event: KeyboardEvent) => {
    const next = sizeAfterKey(size, event, geometry, limits);
    if (next === undefined) return;
    event.preventDefault();
    onResize(next);
    onCommit(next);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    // No text selection while dragging; focus still moves here, so the keys work right after.
    event.preventDefault();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, origin: along(event), startSize: size, size };
  };
  const onPointerMove = (event: PointerEvent) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    current.size = sizeAfterDrag(current.startSize, along(event) - current.origin, geometry, limits);
    onResize(current.size);
  };
  const endDrag = (event: PointerEvent) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = undefined;
    if (current.size !== current.startSize) onCommit(current.size);
  };

  return (
    <div
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-controls={controls}
      aria-orientation={row ? 'vertical' : 'horizontal'}
      aria-valuenow={size}
      aria-valuemin={limits.min}
      aria-valuemax={limits.max}
      title={`${label}: drag, or use the arrow keys (double-click for the default size)`}
      style={{ flex: `0 0 ${thickness}px` }}
      className={`group flex touch-none items-center justify-center outline-none ${
        row ? 'cursor-col-resize flex-row' : 'cursor-row-resize flex-col'
      }`}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onDoubleClick={() => {
        onResize(undefined);
        onCommit(undefined);
      }}
    >
      <span aria-hidden className={`${gripClass} ${row ? 'h-12 w-1' : 'h-1 w-12'}`} />
    </div>
  );
}
