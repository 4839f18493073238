import {
  SAVED_REQUESTS_FORMAT,
  SAVED_REQUESTS_VERSION,
  savedRequestsFileSchema,
} from '#shared/saved-requests-schema.ts';
import { isRecord, parseJsonText, parseUntrusted } from '#shared/untrusted-json.ts';
import type { RepeatableCall } from '../../calls/call-paths.ts';

/** One named call the user kept: which server it was made against, which tool, with which arguments. */
export interface SavedRequest {
  id: string;
  name: string;
  /** Empty string means "no group". */
  group: string;
  /** Describes the server the call was saved from (no secrets). */
  server: string;
  tool: string;
  /** Which of the listed tools (see client/tools/tool-identity.ts), for servers that list a name twice. */
  toolKey?: string;
  /** How the call was made (task augmentation), repeated by "Run"; absent: the spec's rule. */
  call?: RepeatableCall;
  args: unknown;
  savedAt: number;
}

/** The export file of saved requests. */
export interface SavedRequestsFile {
  format: typeof SAVED_REQUESTS_FORMAT;
  version: typeof SAVED_REQUESTS_VERSION;
  requests: SavedRequest[];
}

/** Wraps requests in the versioned file format. */
export function buildSavedRequestsFile(requests: SavedRequest[]): SavedRequestsFile {
  return { format: SAVED_REQUESTS_FORMAT, version: SAVED_REQUESTS_VERSION, requests };
}

/**
 * Parses the text of a saved-requests file. The whole file is rejected on a bad entry, so an
 * import never half-succeeds silently; the error names where: `requests[2].tool: expected a string`.
 */
export function parseSavedRequestsFile(text: string): { requests: SavedRequest[] } | { error: string } {
  const json = parseJsonText(text);
  if (!json.ok) return { error: 'not valid JSON' };
  if (!isRecord(json.value) || json.value.format !== SAVED_REQUESTS_FORMAT)
    return { error: `not a Toolscope saved-requests file (expected format "${SAVED_REQUESTS_FORMAT}")` };
  if (json.value.version !== SAVED_REQUESTS_VERSION)
    return {
      error: `unsupported version ${JSON.stringify(json.value.version)} (expected ${SAVED_REQUESTS_VERSION})`,
    };
  const read = parseUntrusted(savedRequestsFileSchema, json.value);
  if (!read.ok) return { error: read.error };
  // The schema checks only that `call` is an object; its fields are read loosely where it is used.
  return { requests: read.value.requests as SavedRequest[] };
}

/** Requests grouped by group name, groups sorted with "no group" first, entries by name. */
export function groupRequests(requests: SavedRequest[]): { group: string; requests: SavedRequest[] }[] {
  const groups = new Map<string, SavedRequest[]>();
  for (const request of requests) groups.set(request.group, [...(groups.get(request.group) ?? []), request]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([group, entries]) => ({ group, requests: entries.sort((a, b) => a.name.localeCompare(b.name)) }));
}
