import { useState } from 'react';
import { useStore } from '../../../ui/use-store.ts';
import type { ViewConsole, ViewConsoleLine } from './view-console.ts';
import { CheckboxField } from '../../../ui/checkbox-field.tsx';

const LEVEL_CLASSES: Record<string, string> = {
  error: 'text-red-700 dark:text-red-400',
  warn: 'text-amber-800 dark:text-amber-300',
  csp: 'text-red-700 dark:text-red-400',
};

/**
 * The View's console under the View: what its document logged, its uncaught errors, and each Content
 * Security Policy violation with the `_meta.ui.csp` field that would allow it. The View's own DevTools
 * console is one frame deep in another origin; this is where a developer looking at Toolscope looks.
 */
export function ViewConsolePanel({ console }: { console: ViewConsole }) {
  const all = useStore(console, (s) => s.lines);
  // Debug lines are hidden until asked for, as in a browser's console: SDKs log every message at debug.
  const [verbose, setVerbose] = useState(false);
  const lines = verbose ? all : all.filter((line) => line.kind !== 'console' || line.level !== 'debug');
  const hidden = all.length - lines.length;
  const { csp, errors } = console.counts();
  const counts = [
    errors && `${errors} error${errors === 1 ? '' : 's'}`,
    csp && `${csp} CSP violation${csp === 1 ? '' : 's'}`,
  ].filter(Boolean);
  return (
    <section aria-label="View console" className="flex flex-col gap-1 text-xs">
      <div className="flex items-baseline gap-2">
        <h3 className="font-semibold text-slate-600 dark:text-slate-300">
          Console{' '}
          <span className="font-normal text-slate-500">
            {all.length === 0 ? '(nothing yet)' : counts.length ? `(${counts.join(', ')})` : ''}
          </span>
        </h3>
        <CheckboxField
          className="ml-auto text-slate-500"
          checked={verbose}
          onChange={(e) => setVerbose(e.target.checked)}
          label={<>Debug lines{hidden > 0 && ` (${hidden} hidden)`}</>}
        />
      </div>
      {lines.length > 0 && (
        <ul
          aria-label="Console"
          className="flex max-h-48 flex-col gap-0.5 overflow-auto rounded bg-slate-50 p-1 font-mono text-[11px] dark:bg-slate-900"
        >
          {lines.map((line) => (
            <li
              key={line.id}
              // Long lines (a whole message logged) take three lines; the tooltip has them whole.
              title={line.kind === 'console' ? line.text : undefined}
              className={`line-clamp-4 break-words ${LEVEL_CLASSES[levelOf(line)] ?? ''}`}
            >
              <ConsoleLine line={line} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ConsoleLine({ line }: { line: ViewConsoleLine }) {
  const times = line.count > 1 && (
    <span className="mr-1 rounded bg-slate-200 px-1 text-slate-700 dark:bg-slate-700 dark:text-slate-200">
      ×{line.count}
    </span>
  );
  if (line.kind === 'csp')
    return (
      <>
        {times}
        <span className="font-semibold">Content Security Policy: {line.directive}</span> blocked{' '}
        <span className="break-all">{line.blocked || 'a load'}</span>
        {line.where && <span className="text-slate-500"> ({line.where})</span>}
        <span className="block pl-3 font-sans text-slate-700 dark:text-slate-300">→ {line.hint}</span>
      </>
    );
  if (line.kind === 'dropped') return <span className="text-slate-500">{line.text}</span>;
  return (
    <>
      {times}
      <span className="text-slate-400">{line.level}</span> {line.text}
    </>
  );
}

function levelOf(line: ViewConsoleLine): string {
  return line.kind === 'console' ? line.level : line.kind;
}
