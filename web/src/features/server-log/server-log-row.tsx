import { formatTime } from '../trace-panel/describe-frame.ts';
import { formatData, summarizeParams, type LogRow } from './log-rows.ts';
import type { TimedBridgeEvent } from '#shared/bridge-protocol.ts';

const LEVEL_TONE: Record<string, string> = {
  debug: 'text-slate-500',
  info: 'text-sky-700 dark:text-sky-400',
  notice: 'text-teal-700 dark:text-teal-400',
  warning: 'text-amber-700 dark:text-amber-400',
};
const SEVERE_TONE = 'text-red-700 dark:text-red-400';

/** One line of the server log. Everything the server sent is shown as text, never as markup. */
export function ServerLogRow({ row }: { row: LogRow }) {
  return (
    <li className="flex gap-2 border-b border-slate-100 py-0.5 last:border-0 dark:border-slate-800">
      <span className="shrink-0 text-slate-400">{formatTime(row.time)}</span>
      <RowBody row={row} />
    </li>
  );
}

function RowBody({ row }: { row: LogRow }) {
  if (!('notice' in row)) {
    return (
      <span
        className={`min-w-0 break-words whitespace-pre-wrap ${row.kind === 'connection' ? 'font-semibold' : ''}`}
      >
        {describeBridgeEvent(row.entry)}
      </span>
    );
  }
  const notice = row.notice;
  if (notice.kind === 'log-message') {
    const text = formatData(notice.data);
    // One-line data reads best beside its level; JSON and multi-line text get their own block.
    const block = text.includes('\n');
    return (
      <span className="min-w-0 flex-1 break-words">
        <span className={`mr-2 font-semibold uppercase ${LEVEL_TONE[notice.level] ?? SEVERE_TONE}`}>
          {notice.level}
        </span>
        {notice.logger !== undefined && <span className="mr-2 font-semibold">{notice.logger}</span>}
        {block ? <span className="block whitespace-pre-wrap">{text}</span> : <span>{text}</span>}
      </span>
    );
  }
  return (
    <span className="min-w-0 break-words">
      <span className="text-indigo-700 dark:text-indigo-400">{notice.method}</span>{' '}
      <span className="text-slate-500">{summarizeParams(notice.params)}</span>
    </span>
  );
}

/** A bridge event in words: the stderr line itself, or what happened to the server. */
export function describeBridgeEvent({ event }: TimedBridgeEvent): string {
  switch (event.kind) {
    case 'stderr':
      return event.line;
    case 'spawned':
      return `Started ${event.command} (pid ${event.pid})`;
    case 'connected':
      // The bridge opened its side of the transport; whether a server answers is told by the connect itself.
      return `Transport open (${event.transport})`;
    case 'exited':
      return event.signal ? `Server killed by ${event.signal}` : `Server exited with code ${event.code}`;
    case 'http-error':
      return event.status ? `HTTP ${event.status}: ${event.message}` : event.message;
    case 'error':
      return `Error: ${event.message}`;
    case 'oauth-step':
      return `OAuth ${event.step.kind}: ${event.step.decision}`;
    case 'oauth-sign-in':
      return 'OAuth: waiting for sign-in in the browser';
    case 'chat-turn':
      return `Chat turn (${event.note.model})`;
    case 'oauth-paused':
      return `OAuth (guided): next ${event.next.method} ${event.next.url}`;
    case 'closed':
      return `Closed: ${event.reason}`;
    case 'recording':
      return event.message;
  }
}
