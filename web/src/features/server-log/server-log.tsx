import { useMemo, useState } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { filterLogRows, LOG_KINDS, mergeLogRows, type LogFilter } from './log-rows.ts';
import { ServerLogRow } from './server-log-row.tsx';
import { ServerLogToolbar } from './server-log-toolbar.tsx';
import { useStickToBottom } from './use-stick-to-bottom.ts';

/** Lines rendered at most; the stores keep up to 5,000 each, but a DOM that large makes typing lag. */
const MAX_RENDERED = 500;

const initialFilter: LogFilter = { kinds: new Set(LOG_KINDS.map((k) => k.kind)), minimumLevel: 'debug' };

/**
 * The server's side of the conversation: stderr and connection events from the bridge, log
 * messages and other notifications from the protocol, in time order with filters.
 */
export function ServerLog() {
  const { session, serverRequests } = useServices();
  const bridgeLog = useStore(session.state, (s) => s.log);
  const notices = useStore(serverRequests.notifications, (s) => s.entries);
  const [filter, setFilter] = useState(initialFilter);
  const rows = useMemo(() => mergeLogRows(bridgeLog, notices), [bridgeLog, notices]);
  const visible = useMemo(() => filterLogRows(rows, filter), [rows, filter]);
  const logArrived = useMemo(() => rows.some((row) => row.kind === 'log-message'), [rows]);
  const rendered = visible.length > MAX_RENDERED ? visible.slice(-MAX_RENDERED) : visible;
  const { ref, onScroll } = useStickToBottom<HTMLOListElement>(rendered.at(-1)?.key);

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-label="Server log">
      <ServerLogToolbar
        filter={filter}
        onChange={setFilter}
        shown={visible.length}
        total={rows.length}
        logArrived={logArrived}
      />
      {rendered.length < visible.length && (
        <p className="px-2 pt-1 text-xs text-slate-500">
          Showing the latest {MAX_RENDERED} of {visible.length} lines.
        </p>
      )}
      <ol
        ref={ref}
        onScroll={onScroll}
        aria-label="Server log lines"
        className="min-h-0 flex-1 overflow-y-auto p-2 font-mono text-xs"
      >
        {rendered.map((row) => (
          <ServerLogRow key={row.key} row={row} />
        ))}
        {rendered.length === 0 && (
          <li className="font-sans text-slate-500">
            {rows.length ? 'No lines match the filters.' : 'Nothing logged yet.'}
          </li>
        )}
      </ol>
    </section>
  );
}
