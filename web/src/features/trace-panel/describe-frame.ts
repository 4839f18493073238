import type { Frame } from '#shared/bridge-protocol.ts';
import { LIST_ID, PING_ID } from '#client/era/era-probe-pace.ts';

/** Requests Toolscope itself sends, by id: their rows say what they are for, not a made-up id. */
const OWN_REQUESTS: Record<string, string> = {
  [PING_ID]: "Auto's liveness check",
  [LIST_ID]: "Auto's liveness check",
};

/** What the SDK's `server/discover` request is, by its id, when Auto sent it to find the era. */
const DISCOVER_PROBE = 'server/discover probe';

/** JSON-RPC's "Method not found". */
const METHOD_NOT_FOUND = -32601;

/** The method a request with one of Toolscope's own ids asked for (the "no …" of an expected refusal). */
function ownMethod(id: string): string {
  if (id === PING_ID) return 'ping';
  if (id === LIST_ID) return 'tools/list';
  return 'server/discover';
}

/** How many characters of an unreadable line the trace row shows. */
export const LINE_PREVIEW_CHARS = 100;

/**
 * A short label for a frame: its method; for an answer, the method it answers and its id ("tools/call → result
 * #1", when `answers` names the request's method); for an unreadable line, the start of it. `probe` false: the
 * connect sent `server/discover` knowing the era (the built-in demo, a remembered or a chosen era), so its answer
 * is the connection's discover, not Auto's "(probe)".
 */
export function describeFrame(
  frame: Frame,
  answers?: string,
  probe = true,
): {
  label: string;
  kind: 'request' | 'notification' | 'result' | 'error' | 'bad';
  /** The start of the line as the server wrote it, for a frame that is not a JSON-RPC message. */
  preview?: string;
  /** A request of the client's own connection setup (Auto's probes) or its answer: expected, even as an error. */
  setup?: true;
} {
  const message = frame.message as Record<string, unknown> | undefined;
  if (!message) {
    // The bridge's reason opens with its name ("Not JSON: the server wrote…"): the name, then the line itself.
    const label = (frame.error ?? 'Unreadable frame').split(':')[0]!;
    return { label, kind: 'bad', preview: frame.raw === undefined ? undefined : linePreview(frame.raw) };
  }
  const ownId = typeof message.id === 'string' ? ownRequest(message.id) : undefined;
  // Not a probe: the SDK still numbers its discover like one, but the row names it as any connect's discover.
  const discover = ownId === DISCOVER_PROBE && !probe;
  const own = discover ? undefined : ownId;
  if (typeof message.method === 'string') {
    const label = own && !own.startsWith(message.method) ? `${message.method} (${own})` : message.method;
    return { label, kind: 'id' in message ? 'request' : 'notification', ...(ownId ? { setup: true } : {}) };
  }
  // An own request's answer names its method from the id; any other answer from its paired request.
  const method = ownId ? ownMethod(message.id as string) : answers;
  const head = method ? `${method} → ` : '';
  const id = discover
    ? ''
    : own
      ? own.startsWith(method!)
        ? ' (probe)'
        : ` (${own})`
      : ` #${JSON.stringify(message.id)}`;
  const setup = ownId ? { setup: true as const } : {};
  if ('error' in message) {
    // Auto asks on purpose for what an older or a quiet server may not know: "Method not found" is an answer
    // it expects, so a healthy connect reads "not supported", not "error".
    const code = (message.error as { code?: unknown } | null)?.code;
    if (ownId && code === METHOD_NOT_FOUND) return { label: notSupported(method!), kind: 'error', ...setup };
    return { label: `${head}error${id}`, kind: 'error', ...setup };
  }
  return { label: `${head}result${id}`, kind: 'result', ...setup };
}

/** An expected "Method not found" to one of Auto's requests, in words: why it is no failure. */
function notSupported(method: string): string {
  if (method === 'ping') return 'ping: not supported (expected in 2026-07-28)';
  if (method === 'server/discover') return 'server/discover: not supported (a legacy server)';
  return `${method}: not supported (Auto's liveness check)`;
}

/** What a request Toolscope (or its SDK client) sent with a made-up string id is for. */
function ownRequest(id: string): string | undefined {
  // The SDK's era probe numbers its ids ("server-discover-probe-1").
  return OWN_REQUESTS[id] ?? (/^server-discover-probe-\d+$/.test(id) ? DISCOVER_PROBE : undefined);
}

// Matching control characters is the point here.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * The start of a raw line on one row: runs of white space become one space and other control characters show
 * as �, so a row never breaks or hides what was written; a longer line ends in "…".
 */
export function linePreview(raw: string, max = LINE_PREVIEW_CHARS): string {
  // Only the start is looked at (a line may be megabytes long), from its first visible character.
  const rest = raw.trimStart();
  const start = rest.slice(0, max * 4);
  const flat = start.replace(/\s+/g, ' ').replace(CONTROL_CHARACTERS, '\uFFFD').trim();
  if (flat === '') return raw === '' ? '(empty line)' : '(blank line)';
  const cut = [...flat].slice(0, max).join('');
  return cut.length < flat.length || start.length < rest.length ? `${cut}…` : cut;
}

/** hh:mm:ss.mmm in local time. */
export function formatTime(time: number): string {
  const date = new Date(time);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}
