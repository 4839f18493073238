import type { LogEntry } from '../../mcp/session-types.ts';

/** A bridge event in words: the stderr line itself, or what happened to the server. */
export function describeBridgeEvent({ event }: LogEntry): string {
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
