import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Frame } from '#shared/bridge-protocol.ts';
import type { ServerTarget } from '#shared/targets.ts';
import type { LogEntry, ServerDetails } from '../mcp/session-types.ts';
import type { CallRecord } from '../state/call-history.ts';
import { redactTarget } from '#shared/targets.ts';

/** Identifies a Toolscope session export; see docs/session-file.md for the format. */
export const SESSION_FILE_FORMAT = 'toolscope-session';
/** Bumped when the format changes incompatibly. */
export const SESSION_FILE_VERSION = 1;

/** A whole session in one JSON document: what was connected, every frame, every call and result. */
export interface SessionFile {
  format: typeof SESSION_FILE_FORMAT;
  version: typeof SESSION_FILE_VERSION;
  /** ISO time of the export. */
  exportedAt: string;
  /** True when header and environment values were blanked (the default). */
  redacted: boolean;
  target: ServerTarget | null;
  server: ServerDetails | null;
  tools: Tool[];
  /** Every frame with its direction, time (ms since epoch) and size. */
  frames: Frame[];
  /** Every tool call with its arguments and outcome (result or error, status, duration). */
  calls: CallRecord[];
  /** stderr lines and connection events. */
  log: LogEntry[];
}

/** The parts of a session that go into a file. */
export interface SessionContents {
  target: ServerTarget | undefined;
  server: ServerDetails | undefined;
  tools: Tool[];
  frames: readonly Frame[];
  calls: CallRecord[];
  log: LogEntry[];
}

/** Builds the file. Secrets (header and env values) are blanked unless `includeSecrets`. */
export function buildSessionFile(
  contents: SessionContents,
  options: { includeSecrets?: boolean; exportedAt?: string } = {},
): SessionFile {
  const target = contents.target ?? null;
  return {
    format: SESSION_FILE_FORMAT,
    version: SESSION_FILE_VERSION,
    exportedAt: options.exportedAt ?? new Date().toISOString(),
    redacted: !options.includeSecrets,
    target: target && !options.includeSecrets ? redactTarget(target) : target,
    server: contents.server ?? null,
    tools: contents.tools,
    frames: [...contents.frames],
    calls: contents.calls,
    log: contents.log,
  };
}

/** Serialises a session file (stable key order comes from building it the same way each time). */
export function serializeSessionFile(file: SessionFile): string {
  return JSON.stringify(file, null, 2) + '\n';
}

/** Reads a session file; returns a sentence saying what is wrong when it cannot. */
export function parseSessionFile(text: string): SessionFile | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: `Not a session file: the JSON is broken or truncated (${(error as Error).message}).` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { error: 'Not a session file: expected a JSON object.' };
  const file = value as Record<string, unknown>;
  if (file.format !== SESSION_FILE_FORMAT)
    return { error: `Not a Toolscope session file (format is ${JSON.stringify(file.format)}).` };
  if (file.version !== SESSION_FILE_VERSION) {
    return {
      error: `Unsupported session file version ${JSON.stringify(file.version)}; this Toolscope reads version ${SESSION_FILE_VERSION}.`,
    };
  }
  for (const key of ['tools', 'frames', 'calls', 'log'] as const) {
    if (!Array.isArray(file[key])) return { error: `The session file has no "${key}" list.` };
  }
  const badFrame = (file.frames as unknown[]).findIndex(
    (frame) =>
      typeof frame !== 'object' ||
      frame === null ||
      typeof (frame as Frame).seq !== 'number' ||
      typeof (frame as Frame).time !== 'number' ||
      ((frame as Frame).direction !== 'in' && (frame as Frame).direction !== 'out'),
  );
  if (badFrame !== -1) return { error: `Frame ${badFrame} in the session file is malformed.` };
  const badCall = (file.calls as unknown[]).findIndex(
    (call) =>
      typeof call !== 'object' ||
      call === null ||
      typeof (call as CallRecord).id !== 'number' ||
      typeof (call as CallRecord).tool !== 'string',
  );
  if (badCall !== -1) return { error: `Call ${badCall} in the session file is malformed.` };
  return value as SessionFile;
}
