import { useId, useState, type ReactNode } from 'react';

/** A small "Show …" / "Hide …" toggle for details shown on demand; the body is not rendered while closed. */
export function ShowMore({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="self-start text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-400"
      >
        {open ? 'Hide' : 'Show'} {label}
      </button>
      {open && (
        <div id={id} role="region" aria-label={label}>
          {children}
        </div>
      )}
    </div>
  );
}

/** A JSON value as indented text, capped in height; for declarations shown on demand. */
export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? String(value);
  } catch (error) {
    text = `(cannot be shown: ${(error as Error).message})`;
  }
  return (
    <pre
      aria-label={label}
      className="max-h-64 overflow-auto rounded-md bg-slate-100 p-2 font-mono text-xs whitespace-pre-wrap break-all dark:bg-slate-950"
    >
      {text}
    </pre>
  );
}
