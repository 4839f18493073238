import type { ReactNode } from 'react';
import { useServices } from '../../services.ts';
import type { CallEntry } from '../../calls/call-history.ts';
import { Tabs } from '../../ui/tabs.tsx';
import { OutcomeBadge } from '../result/outcome-badge.tsx';
import { OutcomeNotice } from '../result/outcome-notice.tsx';
import { measuredAtBridge } from '../result/measured-at-bridge.ts';
import { RawJsonView } from '../result/result-body.tsx';
import { formatTime } from '../trace-panel/describe-frame.ts';

/**
 * The answer of a resource read or a prompt get on the stage, as a tool call's Result is shown: a region
 * named `label` with how it ended (badge and round trip), the answer rendered by `render`, and its raw JSON.
 */
export function SurfaceResult({
  label,
  entry,
  render,
  empty,
}: {
  label: string;
  entry: CallEntry | undefined;
  render: (result: Record<string, unknown>) => ReactNode;
  /** What the region says before there is an answer. */
  empty: string;
}) {
  const { replay } = useServices();
  const outcome = entry?.outcome;
  const result = outcome?.result as Record<string, unknown> | undefined;
  return (
    <section
      aria-label={label}
      className="flex min-h-0 flex-1 flex-col border-t border-slate-200 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm font-semibold">
        {label}
        {entry && (
          <span className="truncate font-mono text-xs font-normal text-slate-500" title={entry.tool}>
            {entry.tool} · {formatTime(entry.startedAt)}
          </span>
        )}
        {entry && !outcome && <span className="text-xs font-normal text-slate-500">running…</span>}
        {outcome && (
          <span className="ml-auto">
            <OutcomeBadge outcome={outcome} namedDuration atBridge={measuredAtBridge(replay)} />
          </span>
        )}
      </div>
      {!entry && <p className="px-3 pb-3 text-sm text-slate-500">{empty}</p>}
      {outcome && (
        <div className="min-h-0 flex-1 overflow-auto">
          {outcome.status !== 'ok' && (
            <div className="px-3">
              <OutcomeNotice outcome={outcome} revision={entry?.revision} />
            </div>
          )}
          {result && (
            <Tabs
              label={`${label} view`}
              tabs={[
                {
                  name: 'Rendered',
                  content: <div className="flex flex-col gap-2 p-3">{render(result)}</div>,
                },
                { name: 'Raw JSON', content: <RawJsonView value={result} /> },
              ]}
            />
          )}
        </div>
      )}
    </section>
  );
}
