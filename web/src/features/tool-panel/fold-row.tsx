import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

// Room kept at the row's end for the "+N" button.
const TOGGLE_ROOM = 32;

/**
 * A row of badges that stays on one line: the badges past its end fold behind "+N", which unfolds the row (it
 * then wraps). Each badge keeps its name and tooltip; the "+N" button's tooltip lists what it hides.
 */
export function FoldRow({ children, className = '' }: { children: ReactNode; className?: string }) {
  const row = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [folded, setFolded] = useState<string[]>([]);
  // After every render: React sets no style on the badges, so hiding them here is not undone by it.
  useLayoutEffect(() => {
    const element = row.current;
    if (!element) return;
    const measure = () => {
      const items = [...element.children].filter(
        (child): child is HTMLElement =>
          child instanceof HTMLElement && child.dataset.foldToggle === undefined,
      );
      for (const item of items) item.style.display = '';
      const hidden: string[] = [];
      if (!open && element.scrollWidth > element.clientWidth + 1) {
        const end = element.getBoundingClientRect().left + element.clientWidth - TOGGLE_ROOM;
        for (const item of items) {
          if (item.getBoundingClientRect().right > end) {
            item.style.display = 'none';
            hidden.push(item.getAttribute('aria-label') ?? item.textContent ?? '');
          }
        }
      }
      setFolded((old) => (old.join('\n') === hidden.join('\n') ? old : hidden));
    };
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    return () => resized.disconnect();
  });
  return (
    <div
      ref={row}
      className={`flex min-w-0 flex-1 items-center gap-1 ${open ? 'flex-wrap' : 'flex-nowrap overflow-hidden'} ${className}`}
    >
      {children}
      {(folded.length > 0 || open) && (
        <button
          type="button"
          data-fold-toggle
          aria-expanded={open}
          className="shrink-0 rounded px-1 text-indigo-600 hover:underline dark:text-indigo-400"
          title={open ? 'Show these on one line' : folded.join('\n')}
          onClick={() => setOpen((was) => !was)}
        >
          {open ? 'less' : `+${folded.length}`}
        </button>
      )}
    </div>
  );
}
