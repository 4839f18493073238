import type { TimedBridgeEvent } from '#shared/bridge-protocol.ts';
import { atLeast, type LoggingLevel } from './log-levels.ts';
import type { ServerNotice } from './notification-log.ts';

/** The four kinds of line the log pane can show or hide. */
export type LogKind = 'stderr' | 'log-message' | 'notification' | 'connection';

/** Every kind, in the order the filter lists them, with its label. */
export const LOG_KINDS: readonly { kind: LogKind; label: string }[] = [
  { kind: 'stderr', label: 'stderr' },
  { kind: 'log-message', label: 'Log messages' },
  { kind: 'notification', label: 'Notifications' },
  { kind: 'connection', label: 'Connection' },
];

/** One line of the pane: a bridge event (stderr, connection) or something the server notified. */
export type LogRow =
  | { key: string; time: number; kind: 'stderr' | 'connection'; entry: TimedBridgeEvent }
  | { key: string; time: number; kind: 'log-message' | 'notification'; notice: ServerNotice };

/** What the user chose to see. */
export interface LogFilter {
  kinds: ReadonlySet<LogKind>;
  /** Log messages below this level are hidden; other kinds have no level. */
  minimumLevel: LoggingLevel;
}

// Bridge log entries have no id; their identity is stable while they are kept, so key by object.
const bridgeKeys = new WeakMap<TimedBridgeEvent, string>();
let nextBridgeKey = 1;

function bridgeKey(entry: TimedBridgeEvent): string {
  let key = bridgeKeys.get(entry);
  if (!key) bridgeKeys.set(entry, (key = `b${nextBridgeKey++}`));
  return key;
}

/**
 * Both logs as one, oldest first: each is already in time order, so a merge keeps it so (bridge
 * events first on equal times, since stderr usually explains what follows).
 */
export function mergeLogRows(
  bridge: readonly TimedBridgeEvent[],
  notices: readonly ServerNotice[],
): LogRow[] {
  const rows: LogRow[] = [];
  let b = 0;
  let n = 0;
  while (b < bridge.length || n < notices.length) {
    const entry = bridge[b];
    const notice = notices[n];
    if (entry && (!notice || entry.time <= notice.time)) {
      const kind = entry.event.kind === 'stderr' ? 'stderr' : 'connection';
      if (!repeatsFailure(bridge[b - 1], entry))
        rows.push({ key: bridgeKey(entry), time: entry.time, kind, entry });
      b++;
    } else if (notice) {
      rows.push({ key: `n${notice.id}`, time: notice.time, kind: notice.kind, notice });
      n++;
    }
  }
  return rows;
}

/**
 * A failure that says again what the bridge event just before it said: Auto's probe and the connect
 * after it each meet a refused port, and one refusal is one line.
 */
function repeatsFailure(previous: TimedBridgeEvent | undefined, entry: TimedBridgeEvent): boolean {
  const failure = (event: TimedBridgeEvent['event'] | undefined) =>
    event && (event.kind === 'http-error' || event.kind === 'error') ? event : undefined;
  const now = failure(entry.event);
  const before = failure(previous?.event);
  return !!now && !!before && now.kind === before.kind && now.message === before.message;
}

/** The rows the filter lets through. */
export function filterLogRows(rows: readonly LogRow[], filter: LogFilter): LogRow[] {
  return rows.filter((row) => {
    if (!filter.kinds.has(row.kind)) return false;
    if (row.kind === 'log-message' && row.notice.kind === 'log-message') {
      return atLeast(row.notice.level, filter.minimumLevel);
    }
    return true;
  });
}

/** Data of a log message as text: strings as they are, anything else as indented JSON. */
export function formatData(data: unknown): string {
  if (typeof data === 'string') return data;
  try {
    return JSON.stringify(data, null, 2) ?? String(data);
  } catch {
    return String(data);
  }
}

/**
 * Notification params on one line, cut at `max` characters, with a space after each comma and colon of the JSON
 * (`{ "progress": 5, "total": 5 }`), so a narrow pane wraps between members, never inside a key or a number.
 */
export function summarizeParams(params: unknown, max = 300): string {
  if (params === undefined) return '';
  let text: string;
  try {
    // JSON.stringify escapes line breaks inside strings, so every line break of the indented form is between
    // tokens: joining the lines with one space spaces the members without touching any string.
    text = JSON.stringify(params, null, 1)?.replace(/\n */g, ' ') ?? '';
  } catch {
    text = String(params);
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
