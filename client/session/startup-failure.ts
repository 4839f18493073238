import type { TimedBridgeEvent } from '#shared/bridge-protocol.ts';

/**
 * What a command says on stderr when it fails before it is a server at all: a missing script or module, a
 * missing program, a syntax error. A server that exits this way exits whatever it is sent, so Auto's probe is
 * not to blame and starting it once more (in the legacy era) only fails the same way.
 */
const STARTUP_FAILURES = [
  /Cannot find (module|package)/i,
  /ERR_MODULE_NOT_FOUND|MODULE_NOT_FOUND/,
  /ModuleNotFoundError|ImportError: /,
  /No such file or directory/i,
  /can't open file/i,
  /command not found/i,
  /is not recognized as an internal or external command/i,
  /\bENOENT\b/,
  /\bEACCES\b|Permission denied/i,
  /^\s*SyntaxError: /,
];

/** Most characters of the cause line shown in the error card. */
const MAX_CAUSE = 300;

/**
 * The stderr line that says why a stdio server could not start, among the bridge events of one connect
 * (undefined when none does): the first line that matches a start-up failure.
 */
export function startupFailure(events: readonly TimedBridgeEvent[]): string | undefined {
  for (const { event } of events) {
    if (event.kind !== 'stderr') continue;
    if (STARTUP_FAILURES.some((pattern) => pattern.test(event.line)))
      return event.line.trim().slice(0, MAX_CAUSE);
  }
  return undefined;
}

/** The last stderr lines of one connect, for an error card that has no better cause to name. */
export function lastStderr(events: readonly TimedBridgeEvent[], count = 3): string[] {
  const lines: string[] = [];
  for (const { event } of events) {
    if (event.kind === 'stderr' && event.line.trim()) lines.push(event.line.trimEnd().slice(0, MAX_CAUSE));
  }
  return lines.slice(-count);
}
