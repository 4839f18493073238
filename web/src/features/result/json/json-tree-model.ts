/** Pure rules of the JSON tree view: what a node looks like, what opens by default, how many children show. */

/** Children rendered when a node opens; "Show more" doubles it, so 100k keys never render at once. */
export const INITIAL_CHILD_LIMIT = 100;

/** Containers with more children than this start collapsed (the root always starts open). */
export const AUTO_EXPAND_MAX_CHILDREN = 25;

/** Nodes deeper than this start collapsed. */
export const AUTO_EXPAND_MAX_DEPTH = 3;

/** Characters of a long string shown in a leaf before "more". */
export const LEAF_STRING_PREVIEW = 300;

/** A JSON value as the tree shows it. */
export type TreeNodeInfo =
  | { container: true; type: 'object' | 'array'; size: number }
  | { container: false; type: 'string' | 'number' | 'boolean' | 'null' | 'other' };

/** Classifies a value for the tree. Keys are counted, not copied. */
export function describeNode(value: unknown): TreeNodeInfo {
  if (Array.isArray(value)) return { container: true, type: 'array', size: value.length };
  if (value === null) return { container: false, type: 'null' };
  if (typeof value === 'object') return { container: true, type: 'object', size: Object.keys(value).length };
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return { container: false, type: typeof value as 'string' | 'number' | 'boolean' };
  }
  return { container: false, type: 'other' };
}

/** Whether a container node starts open. */
export function expandedByDefault(depth: number, size: number): boolean {
  return depth === 0 || (depth < AUTO_EXPAND_MAX_DEPTH && size <= AUTO_EXPAND_MAX_CHILDREN);
}

/** The first `limit` entries of a container, as [key, value] pairs, without building all of them. */
export function childEntries(value: object, limit: number): [string | number, unknown][] {
  if (Array.isArray(value)) {
    return value.slice(0, limit).map((item, index): [number, unknown] => [index, item]);
  }
  const entries: [string, unknown][] = [];
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (entries.length >= limit) break;
    entries.push([key, (value as Record<string, unknown>)[key]]);
  }
  return entries;
}

/** "{3 keys}", "[1 item]" — the summary shown next to a collapsed container. */
export function containerSummary(type: 'object' | 'array', size: number): string {
  const unit = type === 'array' ? 'item' : 'key';
  const text = `${size.toLocaleString('en-US')} ${unit}${size === 1 ? '' : 's'}`;
  return type === 'array' ? `[${text}]` : `{${text}}`;
}

/** A leaf value as text: strings quoted and cut to `maxChars`, with how much was cut. */
export function leafText(
  value: unknown,
  maxChars = LEAF_STRING_PREVIEW,
): { text: string; hiddenChars: number } {
  if (typeof value !== 'string')
    return { text: value === undefined ? 'undefined' : String(JSON.stringify(value)), hiddenChars: 0 };
  const quoted = JSON.stringify(value);
  if (quoted.length <= maxChars) return { text: quoted, hiddenChars: 0 };
  return { text: `${quoted.slice(0, maxChars)}…`, hiddenChars: quoted.length - maxChars };
}
