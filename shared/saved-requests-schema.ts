/**
 * The file "Export" writes from the saved requests and "Import" reads back
 * (web/src/features/saved-requests). Unknown fields of an entry are ignored, so a newer file still imports.
 */
import * as z from 'zod';
import { isRecord } from './untrusted-json.ts';

/** Identifies a saved-requests file. */
export const SAVED_REQUESTS_FORMAT = 'toolscope-saved-requests';
export const SAVED_REQUESTS_VERSION = 1;

const text = z.string().min(1, 'expected a non-empty string');

/** One saved request; missing optional fields get their defaults. */
const savedRequestSchema = z
  .looseObject({
    id: text,
    name: text,
    tool: text,
    /** Empty means "no group". */
    group: z.string().optional(),
    server: z.string().optional(),
    args: z.unknown().optional(),
    savedAt: z.unknown().optional(),
    toolKey: z.unknown().optional(),
    call: z.unknown().optional(),
  })
  .transform((entry) => ({
    id: entry.id,
    name: entry.name,
    group: entry.group ?? '',
    server: entry.server ?? '',
    tool: entry.tool,
    args: entry.args ?? {},
    savedAt: typeof entry.savedAt === 'number' ? entry.savedAt : Date.now(),
    ...(typeof entry.toolKey === 'string' ? { toolKey: entry.toolKey } : {}),
    ...(isRecord(entry.call) ? { call: entry.call } : {}),
  }));

/** The whole file: `format` and `version` first, so another file is told apart before its entries. */
export const savedRequestsFileSchema = z.looseObject({
  format: z.literal(SAVED_REQUESTS_FORMAT),
  version: z.literal(SAVED_REQUESTS_VERSION),
  requests: z.array(savedRequestSchema),
});
