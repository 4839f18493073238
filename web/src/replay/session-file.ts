import type { Tool } from '@modelcontextprotocol/client';
import type { Frame, TimedBridgeEvent } from '#shared/bridge-protocol.ts';
import type { ServerTarget } from '#shared/targets.ts';
import type { ServerDetails } from '#client/era/server-details.ts';
import type { CallEntry } from '../calls/call-history.ts';
import { redactTarget } from '#shared/redaction.ts';
import { SESSION_FILE_FORMAT, SESSION_FILE_VERSION, sessionFileSchema } from '#shared/session-file-schema.ts';
import { checkUntrusted, isRecord, parseJsonText } from '#shared/untrusted-json.ts';

/**
 * What features keep in a session file beside the session itself (the chat keeps its transcript). Empty here:
 * a feature declares its part with declaration merging, as it declares its services (see FeatureServices).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features' declarations
export interface SessionFileParts {}

/** A whole session in one JSON document (docs/session-file.md): what was connected, every frame, every call and result. */
export interface SessionFile extends SessionFileParts {
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
  calls: CallEntry[];
  /** stderr lines and connection events. */
  log: TimedBridgeEvent[];
}

/** The parts of a session that go into a file. */
export interface SessionContents extends SessionFileParts {
  target: ServerTarget | undefined;
  server: ServerDetails | undefined;
  tools: Tool[];
  frames: readonly Frame[];
  calls: CallEntry[];
  log: TimedBridgeEvent[];
}

/** Builds the file. Secrets (header and env values) are blanked unless `includeSecrets`. */
export function buildSessionFile(
  contents: SessionContents,
  options: { includeSecrets?: boolean; exportedAt?: string } = {},
): SessionFile {
  const { target: connected, server, tools, frames, calls, log, ...parts } = contents;
  const target = connected ?? null;
  return {
    format: SESSION_FILE_FORMAT,
    version: SESSION_FILE_VERSION,
    exportedAt: options.exportedAt ?? new Date().toISOString(),
    redacted: !options.includeSecrets,
    target: target && !options.includeSecrets ? redactTarget(target) : target,
    server: server ?? null,
    tools,
    frames: [...frames],
    calls,
    log,
    // Only the parts that are there: an absent part is left out, not written as undefined.
    ...Object.fromEntries(Object.entries(parts).filter(([, value]) => value !== undefined)),
  };
}

/** Serialises a session file (stable key order comes from building it the same way each time). */
export function serializeSessionFile(file: SessionFile): string {
  return JSON.stringify(file, null, 2) + '\n';
}

/** Reads a session file; returns a sentence saying what is wrong when it cannot. */
export function parseSessionFile(text: string): SessionFile | { error: string } {
  const json = parseJsonText(text);
  if (!json.ok) return { error: `Not a session file: the JSON is broken or truncated (${json.error}).` };
  if (!isRecord(json.value)) return { error: 'Not a session file: expected a JSON object.' };
  const file = json.value;
  if (file.format !== SESSION_FILE_FORMAT)
    return { error: `Not a Toolscope session file (format is ${JSON.stringify(file.format)}).` };
  if (file.version !== SESSION_FILE_VERSION) {
    return {
      error: `Unsupported session file version ${JSON.stringify(file.version)}; this Toolscope reads version ${SESSION_FILE_VERSION}.`,
    };
  }
  const read = checkUntrusted(sessionFileSchema, file);
  if (!read.ok) return { error: `The session file is malformed: ${read.error}.` };
  // The schema checked what the replay relies on; the rest is kept as the file wrote it.
  return read.value as unknown as SessionFile;
}
