import { useEffect, useRef, useState, type ReactNode } from 'react';
import { compactButtonClass } from '../../ui/field-classes.ts';

/**
 * The button "More" and the rarely-used header actions it holds (export, import, theme). The panel stays
 * mounted while closed (visibility: hidden, so out of reach and of the accessibility tree), so a file input
 * inside it keeps working, and a dialog or alert inside it that sets `visible` still shows.
 * Its controls keep their own roles and names: "More" is one click in front of them, not a rename.
 */
export function MoreMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);
  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <button
        type="button"
        className={compactButtonClass}
        aria-expanded={open}
        aria-controls="more-actions"
        title="Export, import, theme"
        onClick={() => setOpen(!open)}
      >
        More <span aria-hidden>▾</span>
      </button>
      <div
        id="more-actions"
        role="group"
        aria-label="More actions"
        className={`${open ? '' : 'invisible'} absolute top-full right-0 z-30 mt-1 flex w-52 flex-col items-stretch gap-2 rounded-md border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900 [&_button]:justify-start`}
        // A chosen action closes the panel; a file picker or dialog carries on without it.
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('button')) setOpen(false);
        }}
      >
        {children}
      </div>
    </div>
  );
}
