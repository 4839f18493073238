/**
 * What "Import session" accepts (the format is in docs/session-file.md; web/src/features/session-file writes
 * it). The fields a replay relies on are checked; everything else, unknown fields included, is
 * kept as written, so a file from a newer Toolscope still opens.
 */
import * as z from 'zod';
import { frameSchema } from './bridge-protocol.ts';
import { recordedEventSchema } from './recordings.ts';
import { serverTargetShape } from './targets.ts';

/** Identifies a Toolscope session export. */
export const SESSION_FILE_FORMAT = 'toolscope-session';
/** Bumped when the format changes incompatibly. */
export const SESSION_FILE_VERSION = 1;

/** A call of the history: another Toolscope may add fields, which are kept. */
/** A call: its id and what it called; `method` absent for a tool call (resource reads and prompt gets say theirs). */
const callSchema = z.looseObject({
  id: z.number(),
  tool: z.string(),
  method: z.enum(['resources/read', 'prompts/get']).optional(),
});

export const sessionFileSchema = z.looseObject({
  format: z.literal(SESSION_FILE_FORMAT),
  version: z.literal(SESSION_FILE_VERSION),
  target: serverTargetShape.nullish(),
  server: z.looseObject({ info: z.looseObject({ name: z.string() }) }).nullish(),
  tools: z.array(z.looseObject({ name: z.string() })),
  frames: z.array(frameSchema),
  calls: z.array(callSchema),
  log: z.array(recordedEventSchema),
});
