import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { OutcomeBadge } from '../result/outcome-badge.tsx';
import { ResultBody } from '../result/result-body.tsx';
import { useAppTabs } from '../apps/apps.ts';
import type { TranscriptItem } from './transcript.ts';

type ToolCallTranscriptItem = Extract<TranscriptItem, { kind: 'tool-call' }>;

/**
 * A call the model made: its arguments, then the result with the same viewers as the Result panel,
 * an MCP App's View ("App" tab) included.
 */
export function ToolCallItem({ item }: { item: ToolCallTranscriptItem }) {
  const { history } = useServices();
  const entry = useStore(history, (s) => s.calls.find((c) => c.id === item.historyId));
  const appTabs = useAppTabs(entry?.outcome && entry.outcome.status !== 'denied' ? entry : undefined);
  const { call } = item;
  return (
    <article
      aria-label={`Model call ${call.toolName}`}
      className="rounded border border-slate-200 text-xs dark:border-slate-800"
    >
      <header className="flex items-center gap-2 border-b border-slate-100 px-2 py-1 dark:border-slate-800">
        <span className="text-slate-500">The model calls</span>
        <span className="font-mono font-semibold">{call.toolName}</span>
        {entry?.outcome && <OutcomeBadge outcome={entry.outcome} />}
        {item.state === 'waiting' && !entry && (
          <span className="text-slate-500">waiting for your approval…</span>
        )}
      </header>
      <pre className="overflow-auto px-2 py-1 font-mono whitespace-pre-wrap">
        {typeof call.input === 'string' ? call.input : JSON.stringify(call.input, null, 2)}
      </pre>
      {call.invalid && (
        <p role="alert" className="px-2 py-1 text-rose-700 dark:text-rose-300">
          Not run: {call.invalid} The model was told so.
        </p>
      )}
      {item.state === 'not-run' && !call.invalid && item.sentBack && (
        <p className="px-2 py-1 text-slate-500">Not run: {String(item.sentBack.value)}</p>
      )}
      {entry?.outcome && entry.outcome.status !== 'denied' && (
        <ResultBody
          outcome={entry.outcome}
          outputSchema={entry.outputSchema}
          revision={entry.revision}
          createdTask={entry.createdTask}
          leadingTabs={appTabs}
        />
      )}
      {!entry && item.state === 'done' && item.sentBack && (
        <p className="px-2 py-1 whitespace-pre-wrap text-slate-600 dark:text-slate-300">
          Sent back to the model:{' '}
          {typeof item.sentBack.value === 'string'
            ? item.sentBack.value
            : JSON.stringify(item.sentBack.value)}
        </p>
      )}
      {entry?.outcome?.status === 'denied' && (
        <p className="px-2 py-1 text-slate-500">You denied this call; the model was told so.</p>
      )}
    </article>
  );
}
