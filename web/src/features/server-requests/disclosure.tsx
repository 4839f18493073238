import { useId, useState, type ReactNode } from 'react';

/** A titled section that opens and closes: a button with aria-expanded controlling its body. */
export function Disclosure({ title, children }: { title: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="border-t border-slate-200 dark:border-slate-800">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center gap-1.5 px-3 py-2 text-left text-sm font-semibold hover:bg-slate-50 dark:hover:bg-slate-800"
      >
        <span aria-hidden className={`text-xs transition-transform ${open ? 'rotate-90' : ''}`}>
          ▶
        </span>
        {title}
      </button>
      <div id={id} hidden={!open} className="px-3 pb-3">
        {children}
      </div>
    </div>
  );
}
