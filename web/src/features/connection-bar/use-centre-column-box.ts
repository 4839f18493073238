import { useLayoutEffect, useState, type RefObject } from 'react';

/** Where the connection card floats, relative to the connection form. */
export interface CardBox {
  left: number;
  width: number;
  /** Just inside the Tool pane's top border, so the card never sits across it. */
  top: number;
}

/** How far inside the Tool pane's border the card sits. */
const INSET = 6;

/** The narrowest the card gets, so the options still fit in two rows on a narrow centre column. */
const MIN_CARD_WIDTH = 420;

/**
 * The centre column's place under the connection form: the card floats over the Tool pane's top only, never
 * over the side panels' tab strips or the Trace header. Follows window resizes and the splitters.
 * Undefined when there is no Tool pane to line up with (the card then keeps its default place).
 */
export function useCentreColumnBox(form: RefObject<HTMLElement | null>): CardBox | undefined {
  const [box, setBox] = useState<CardBox>();
  useLayoutEffect(() => {
    const measure = () => {
      const own = form.current?.getBoundingClientRect();
      const column = document.querySelector('section[aria-label="Tool"]')?.getBoundingClientRect();
      if (!own || !column || column.width === 0) return setBox(undefined);
      const width = Math.min(Math.max(column.width - 2 * INSET, MIN_CARD_WIDTH), own.width);
      const left = Math.max(0, Math.min(column.left - own.left + INSET, own.width - width));
      const top = column.top - own.top + INSET;
      setBox((prev) =>
        prev &&
        Math.abs(prev.left - left) < 1 &&
        Math.abs(prev.width - width) < 1 &&
        Math.abs(prev.top - top) < 1
          ? prev
          : { left, width, top },
      );
    };
    measure();
    // The Tool pane moves with the splitters and the window; its section is found again on each change.
    const observer = new ResizeObserver(measure);
    const column = document.querySelector('section[aria-label="Tool"]');
    if (column) observer.observe(column);
    if (form.current) observer.observe(form.current);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [form]);
  return box;
}
