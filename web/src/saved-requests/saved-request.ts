import type { RepeatableCall } from '../state/call-paths.ts';

/** One named call the user kept: which server it was made against, which tool, with which arguments. */
export interface SavedRequest {
  id: string;
  name: string;
  /** Empty string means "no group". */
  group: string;
  /** Describes the server the call was saved from (no secrets). */
  server: string;
  tool: string;
  /** Which of the listed tools (see mcp/tool-identity.ts), for servers that list a name twice. */
  toolKey?: string;
  /** How the call was made (task augmentation), repeated by "Run"; absent: the spec's rule. */
  call?: RepeatableCall;
  args: unknown;
  savedAt: number;
}

/** The export file of saved requests. */
export interface SavedRequestsFile {
  format: 'toolscope-saved-requests';
  version: 1;
  requests: SavedRequest[];
}

export const SAVED_REQUESTS_FORMAT = 'toolscope-saved-requests';

/** Wraps requests in the versioned file format. */
export function buildSavedRequestsFile(requests: SavedRequest[]): SavedRequestsFile {
  return { format: SAVED_REQUESTS_FORMAT, version: 1, requests };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks one entry; returns the reason it is unusable, or the entry itself. */
function readRequest(value: unknown, index: number): SavedRequest | string {
  if (!isRecord(value)) return `request ${index + 1} is not an object`;
  for (const key of ['id', 'name', 'tool'] as const) {
    if (typeof value[key] !== 'string' || value[key] === '')
      return `request ${index + 1} has no "${key}" text`;
  }
  if (value.group !== undefined && typeof value.group !== 'string')
    return `request ${index + 1} has a "group" that is not text`;
  if (value.server !== undefined && typeof value.server !== 'string')
    return `request ${index + 1} has a "server" that is not text`;
  return {
    id: value.id as string,
    name: value.name as string,
    group: (value.group as string | undefined) ?? '',
    server: (value.server as string | undefined) ?? '',
    tool: value.tool as string,
    args: value.args ?? {},
    savedAt: typeof value.savedAt === 'number' ? value.savedAt : Date.now(),
    ...(typeof value.toolKey === 'string' ? { toolKey: value.toolKey } : {}),
    ...(isRecord(value.call) ? { call: value.call as RepeatableCall } : {}),
  };
}

/**
 * Parses the text of a saved-requests file. The whole file is rejected on the first bad entry,
 * so an import never half-succeeds silently.
 */
export function parseSavedRequestsFile(text: string): { requests: SavedRequest[] } | { error: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { error: 'not valid JSON' };
  }
  if (!isRecord(data) || data.format !== SAVED_REQUESTS_FORMAT)
    return { error: `not a Toolscope saved-requests file (expected format "${SAVED_REQUESTS_FORMAT}")` };
  if (data.version !== 1)
    return { error: `unsupported version ${JSON.stringify(data.version)} (expected 1)` };
  if (!Array.isArray(data.requests)) return { error: '"requests" is not a list' };
  const requests: SavedRequest[] = [];
  for (const [index, entry] of data.requests.entries()) {
    const read = readRequest(entry, index);
    if (typeof read === 'string') return { error: read };
    requests.push(read);
  }
  return { requests };
}

/** Requests grouped by group name, groups sorted with "no group" first, entries by name. */
export function groupRequests(requests: SavedRequest[]): { group: string; requests: SavedRequest[] }[] {
  const groups = new Map<string, SavedRequest[]>();
  for (const request of requests) groups.set(request.group, [...(groups.get(request.group) ?? []), request]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([group, entries]) => ({ group, requests: entries.sort((a, b) => a.name.localeCompare(b.name)) }));
}
