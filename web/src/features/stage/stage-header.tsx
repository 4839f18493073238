import type { ReactNode } from 'react';
import { SafeMarkdown } from '../../ui/safe-markdown.tsx';

/**
 * The top of a stage view: what is open (its title, its identifier in monospace), a few facts (MIME type,
 * size) and its description, which scrolls within a few lines rather than push the form down.
 */
export function StageHeader({
  kind,
  title,
  id,
  facts = [],
  description,
  actions,
}: {
  /** What kind of thing it is ("Resource", "Resource template", "Prompt"). */
  kind: string;
  title: string;
  /** The URI, template or name, when the title is not it. */
  id?: string;
  facts?: (string | undefined)[];
  description?: string;
  actions?: ReactNode;
}) {
  const shownFacts = facts.filter((fact): fact is string => Boolean(fact));
  return (
    <div className="flex flex-col gap-1 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-[11px] font-semibold tracking-wide text-slate-500 uppercase">{kind}</span>
        <h2 className={`min-w-0 truncate font-semibold ${id === undefined ? 'font-mono' : ''}`}>{title}</h2>
        {shownFacts.map((fact) => (
          <span
            key={fact}
            className="rounded bg-slate-100 px-1.5 text-[11px] text-slate-600 dark:bg-slate-800 dark:text-slate-400"
          >
            {fact}
          </span>
        ))}
        {actions && <span className="ml-auto flex items-center gap-1">{actions}</span>}
      </div>
      {id !== undefined && (
        <p className="font-mono text-xs break-all text-slate-600 dark:text-slate-400">{id}</p>
      )}
      {description && (
        <div className="max-h-20 overflow-y-auto text-xs text-slate-600 dark:text-slate-400">
          <SafeMarkdown text={description} />
        </div>
      )}
    </div>
  );
}

/** What the stage says while its tab has nothing picked. */
export function StageHint({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      className="flex min-h-0 flex-col items-center justify-center rounded-lg border border-slate-200 bg-white p-6 text-center text-sm text-slate-500 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      {children}
    </section>
  );
}
