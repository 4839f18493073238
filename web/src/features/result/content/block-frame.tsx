import type { ReactNode } from 'react';
import { AnnotationChips } from './annotation-chips.tsx';

/**
 * The card around one piece of a result: what it is, facts about it (MIME type, size), its
 * annotations, and its body. A named group, so assistive tech and tests can find each block.
 */
export function BlockFrame({
  label,
  kind,
  facts = [],
  annotations,
  tone = 'plain',
  actions,
  mark,
  children,
}: {
  /** Accessible name, e.g. "Content 2: image". */
  label: string;
  /** Visible kind, e.g. "Image". */
  kind: string;
  facts?: (string | undefined)[];
  annotations?: unknown[];
  tone?: 'plain' | 'problem';
  /** Controls at the right end of the header (wrap, copy…). */
  actions?: ReactNode;
  /** A flag beside the kind, such as "not defined in the negotiated revision". */
  mark?: ReactNode;
  children: ReactNode;
}) {
  const border =
    tone === 'problem' ? 'border-red-300 dark:border-red-800' : 'border-slate-200 dark:border-slate-800';
  return (
    <div role="group" aria-label={label} className={`rounded-md border ${border}`}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-inherit bg-slate-50 px-2 py-1 text-xs dark:bg-slate-900">
        <span className="font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300">
          {kind}
        </span>
        {mark}
        {facts
          .filter((fact): fact is string => Boolean(fact))
          .map((fact) => (
            <span key={fact} className="font-mono text-slate-500">
              {fact}
            </span>
          ))}
        {annotations?.map((raw, index) => (
          <AnnotationChips key={index} annotations={raw} />
        ))}
        {actions && <span className="ml-auto flex items-center gap-1">{actions}</span>}
      </div>
      <div className="p-2">{children}</div>
    </div>
  );
}
