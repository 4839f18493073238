import type { HTMLAttributes, ReactNode } from 'react';

/**
 * The page's one disclosure: a summary line that opens and closes what is under it. It is the browser's own
 * `<details>`, so the keyboard, find-in-page (which opens it) and screen readers work without our code.
 */
export function Disclosure({
  summary,
  summaryClassName = 'cursor-pointer',
  children,
  ...details
}: {
  /** The line that is always shown, and opens and closes the rest. */
  summary: ReactNode;
  summaryClassName?: string;
  children: ReactNode;
  /** Open at first (the user may close it). */
  open?: boolean;
} & Omit<HTMLAttributes<HTMLDetailsElement>, 'children'>) {
  return (
    <details {...details}>
      <summary className={summaryClassName}>{summary}</summary>
      {children}
    </details>
  );
}
