import type { Tool } from '@modelcontextprotocol/client';

/** Protocol revisions a user can offer in initialize, newest first. */
export const PROTOCOL_REVISIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

/** The revision that introduced each optional tool field (from the specs in shared/spec). */
const TOOL_FIELD_SINCE: Record<string, string> = {
  annotations: '2025-03-26',
  title: '2025-06-18',
  outputSchema: '2025-06-18',
  _meta: '2025-06-18',
  icons: '2025-11-25',
  execution: '2025-11-25',
};

/** The revision that introduced each result field or content type. */
const RESULT_FEATURE_SINCE: Record<string, string> = {
  audio: '2025-03-26',
  resource_link: '2025-06-18',
  structuredContent: '2025-06-18',
};

const REVISION_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The negotiated revision when it is a known date, else undefined (a transport that did not say). */
export function knownRevision(revision: string | undefined): string | undefined {
  return revision !== undefined && REVISION_PATTERN.test(revision) ? revision : undefined;
}

/**
 * Whether `revision` comes before `since`. Revisions are dates, so they compare as strings; an unknown
 * revision is treated as the latest (no field is marked, no later rule withheld).
 */
export function before(revision: string | undefined, since: string): boolean {
  const known = knownRevision(revision);
  return known !== undefined && known < since;
}

/** Tool fields present that the negotiated revision does not define, with the revision that did. */
export function toolFieldsBeyond(
  revision: string | undefined,
  tool: Tool,
): { field: string; since: string }[] {
  if (!revision) return [];
  return Object.entries(TOOL_FIELD_SINCE)
    .filter(
      ([field, since]) => (tool as Record<string, unknown>)[field] !== undefined && before(revision, since),
    )
    .map(([field, since]) => ({ field, since }));
}

/** Result features (content types, structuredContent) the negotiated revision does not define. */
export function resultFeaturesBeyond(
  revision: string | undefined,
  result: unknown,
): { field: string; since: string }[] {
  if (!revision || typeof result !== 'object' || result === null) return [];
  const found = new Set<string>();
  const record = result as { content?: unknown; structuredContent?: unknown };
  if (record.structuredContent !== undefined) found.add('structuredContent');
  if (Array.isArray(record.content)) {
    for (const block of record.content) {
      const type = (block as { type?: unknown } | null)?.type;
      if (typeof type === 'string') found.add(type);
    }
  }
  return [...found]
    .filter((field) => RESULT_FEATURE_SINCE[field] && before(revision, RESULT_FEATURE_SINCE[field]))
    .map((field) => ({ field, since: RESULT_FEATURE_SINCE[field]! }));
}

/** The revision that introduced a result feature (content type, structuredContent) when `revision` predates it. */
export function resultFeatureBeyond(revision: string | undefined, field: string): string | undefined {
  const since = RESULT_FEATURE_SINCE[field];
  return since !== undefined && before(revision, since) ? since : undefined;
}
