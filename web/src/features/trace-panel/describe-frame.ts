import type { Frame } from '#shared/bridge-protocol.ts';

/** How many characters of an unreadable line the trace row shows. */
export const LINE_PREVIEW_CHARS = 100;

/** A short label for a frame: its method, or what it answers; for an unreadable line, the start of it. */
export function describeFrame(frame: Frame): {
  label: string;
  kind: 'request' | 'notification' | 'result' | 'error' | 'bad';
  /** The start of the line as the server wrote it, for a frame that is not a JSON-RPC message. */
  preview?: string;
} {
  const message = frame.message as Record<string, unknown> | undefined;
  if (!message) {
    // The bridge's reason opens with its name ("Not JSON: the server wrote…"): the name, then the line itself.
    const label = (frame.error ?? 'Unreadable frame').split(':')[0]!;
    return { label, kind: 'bad', preview: frame.raw === undefined ? undefined : linePreview(frame.raw) };
  }
  if (typeof message.method === 'string') {
    return { label: message.method, kind: 'id' in message ? 'request' : 'notification' };
  }
  const id = JSON.stringify(message.id);
  if ('error' in message) return { label: `error #${id}`, kind: 'error' };
  return { label: `result #${id}`, kind: 'result' };
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
