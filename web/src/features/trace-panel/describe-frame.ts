import type { Frame } from '#shared/bridge-protocol.ts';

/** A short label for a frame: its method, or what it answers. */
export function describeFrame(frame: Frame): {
  label: string;
  kind: 'request' | 'notification' | 'result' | 'error' | 'bad';
} {
  const message = frame.message as Record<string, unknown> | undefined;
  if (!message) return { label: frame.error ?? 'Unreadable frame', kind: 'bad' };
  if (typeof message.method === 'string') {
    return { label: message.method, kind: 'id' in message ? 'request' : 'notification' };
  }
  const id = JSON.stringify(message.id);
  if ('error' in message) return { label: `error #${id}`, kind: 'error' };
  return { label: `result #${id}`, kind: 'result' };
}

/** hh:mm:ss.mmm in local time. */
export function formatTime(time: number): string {
  const date = new Date(time);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}
