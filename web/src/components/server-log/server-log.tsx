import { useServices } from '../../session-context.tsx';
import { useStore } from '../../hooks/use-store.ts';
import type { LogEntry } from '../../mcp/session-types.ts';
import { formatTime } from '../trace-panel/describe-frame.ts';

/** The server's stderr and what the bridge saw happen to it (spawned, exited, HTTP errors). */
export function ServerLog() {
  const { session } = useServices();
  const log = useStore(session.state, (s) => s.log);
  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-label="Server log">
      <ol className="min-h-0 flex-1 overflow-y-auto p-2 font-mono text-xs">
        {log.map((entry, index) => (
          <li key={index} className={`flex gap-2 ${entry.event.kind === 'stderr' ? '' : 'font-semibold'}`}>
            <span className="shrink-0 text-slate-400">{formatTime(entry.time)}</span>
            <span className="break-all whitespace-pre-wrap">{describeLogEntry(entry)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function describeLogEntry({ event }: LogEntry): string {
  switch (event.kind) {
    case 'stderr':
      return event.line;
    case 'spawned':
      return `Started ${event.command} (pid ${event.pid})`;
    case 'connected':
      return `Connected (${event.transport})`;
    case 'exited':
      return event.signal ? `Server killed by ${event.signal}` : `Server exited with code ${event.code}`;
    case 'http-error':
      return event.status ? `HTTP ${event.status}: ${event.message}` : event.message;
    case 'error':
      return `Error: ${event.message}`;
    case 'closed':
      return `Closed: ${event.reason}`;
  }
}
