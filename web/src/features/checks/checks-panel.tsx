import { useState } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { countFindings, runChecks, type CheckReport, type FindingLevel } from '#client/checks/run-checks.ts';
import { checkedScope, noFindingsVerdict } from './checked-scope.ts';

const LEVEL_CLASS: Record<FindingLevel, string> = {
  error: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300',
  info: 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
};

type RunState =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done'; report: CheckReport }
  | { kind: 'failed'; error: string };

/**
 * The connected server checked by the same rules as `toolscope check`: its lists are read again
 * (every page, twice) and the listed tools checked. Tools are not called from here.
 */
export function ChecksPanel() {
  const { session } = useServices();
  const connected = useStore(session.state, (s) => s.status === 'connected');
  const server = useStore(session.state, (s) => s.server);
  const [last, setLast] = useState<{ state: RunState; server: unknown }>({ state: { kind: 'idle' }, server });
  // A report belongs to the connection it was made on: a new connection starts with none.
  const run: RunState = last.server === server ? last.state : { kind: 'idle' };

  const start = () => {
    const forServer = server;
    setLast({ state: { kind: 'running' }, server: forServer });
    runChecks(session, { noCalls: true }).then(
      (report) => setLast({ state: { kind: 'done', report }, server: forServer }),
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        setLast({ state: { kind: 'failed', error: message }, server: forServer });
      },
    );
  };
  const counts = run.kind === 'done' ? countFindings(run.report.findings) : undefined;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-2 px-3 py-1.5 text-xs">
        <button
          type="button"
          className="shrink-0 rounded bg-indigo-600 px-2 py-0.5 font-semibold whitespace-nowrap text-white disabled:opacity-50"
          disabled={!connected || run.kind === 'running'}
          onClick={start}
        >
          Run checks
        </button>
        <span role="status" className="text-slate-500">
          {!connected
            ? 'Connect to a server to check it.'
            : run.kind === 'running'
              ? 'Checking…'
              : counts
                ? `${counts.error} errors, ${counts.warning} warnings, ${counts.info} info`
                : 'Reads the tool, resource and prompt lists again and checks them against the spec. Calls no tools.'}
        </span>
      </div>
      {run.kind === 'done' && <CheckedScope report={run.report} />}
      {run.kind === 'failed' && <p className="px-3 text-sm text-red-600">{run.error}</p>}
      {run.kind === 'done' && run.report.findings.length === 0 && (
        <p className="px-3 text-sm text-emerald-700 dark:text-emerald-400">{noFindingsVerdict(run.report)}</p>
      )}
      {run.kind === 'done' && run.report.findings.length > 0 && (
        <ul aria-label="Findings" className="min-h-0 flex-1 overflow-y-auto">
          {run.report.findings.map((finding, index) => (
            <li key={index} className="border-b border-slate-100 px-3 py-1.5 text-xs dark:border-slate-800">
              <div className="flex items-center gap-2">
                <span className={`rounded px-1.5 py-0.5 font-semibold ${LEVEL_CLASS[finding.level]}`}>
                  {finding.level}
                </span>
                <span className="font-mono text-slate-500">{finding.rule}</span>
                <span className="truncate font-mono">{finding.subject}</span>
              </div>
              <p className="text-slate-700 dark:text-slate-300">{finding.message}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CheckedScope({ report }: { report: CheckReport }) {
  return (
    <p aria-label="What was checked" className="px-3 pb-1.5 text-xs text-slate-500">
      {checkedScope(report)}
    </p>
  );
}
