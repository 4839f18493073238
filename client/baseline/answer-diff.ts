import { formatPointer, pointerMatches } from './json-pointer.ts';

/** One place where today's answer differs from the baseline's. */
export interface AnswerChange {
  /** JSON pointer into the answer ('' for the whole answer). */
  path: string;
  /** `changed` a value, `added` or `removed` a key or item, `shape` a volatile value's type. */
  kind: 'changed' | 'added' | 'removed' | 'shape';
  before?: unknown;
  after?: unknown;
}

/** What to leave out of a comparison: pointers as segments (`*` for any key or index). */
export interface DiffRules {
  /** Compared by shape only, and may be missing on either side. */
  volatile: readonly (readonly string[])[];
  /** Not compared at all. */
  ignore: readonly (readonly string[])[];
}

/** Most changes one comparison collects: an answer rewritten wholesale is one finding, not thousands of rows. */
const MAX_CHANGES = 50;

/**
 * Where `after` differs from `before`, walking both JSON values together: objects key by key, arrays
 * index by index, anything else by value. Under a volatile pointer only the shape counts (a string stays a
 * string); under an ignored one nothing does.
 */
export function diffAnswers(before: unknown, after: unknown, rules: DiffRules): AnswerChange[] {
  const changes: AnswerChange[] = [];
  walk(before, after, [], rules, changes);
  return changes;
}

/**
 * Where two answers to the same call differ: the pointers a baseline keeps as volatile. A value that
 * differs is named itself; a key one of them lacks is named; a list of another length is named whole.
 */
export function differingPaths(a: unknown, b: unknown): string[] {
  const paths: string[] = [];
  collectDiffering(a, b, [], paths);
  return paths;
}

function walk(
  before: unknown,
  after: unknown,
  path: string[],
  rules: DiffRules,
  changes: AnswerChange[],
): void {
  if (changes.length >= MAX_CHANGES) return;
  if (rules.ignore.some((pattern) => pointerMatches(pattern, path))) return;
  if (rules.volatile.some((pattern) => pointerMatches(pattern, path))) {
    if (before !== undefined && after !== undefined && shapeOf(before) !== shapeOf(after))
      changes.push({ path: formatPointer(path), kind: 'shape', before, after });
    return;
  }
  if (before === undefined) return void changes.push({ path: formatPointer(path), kind: 'added', after });
  if (after === undefined) return void changes.push({ path: formatPointer(path), kind: 'removed', before });
  if (isObject(before) && isObject(after)) {
    for (const key of unionKeys(before, after))
      walk(own(before, key), own(after, key), [...path, key], rules, changes);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let i = 0; i < Math.max(before.length, after.length); i++)
      walk(before[i], after[i], [...path, String(i)], rules, changes);
    return;
  }
  if (!sameJson(before, after)) changes.push({ path: formatPointer(path), kind: 'changed', before, after });
}

function collectDiffering(a: unknown, b: unknown, path: string[], paths: string[]): void {
  if (isObject(a) && isObject(b)) {
    for (const key of unionKeys(a, b)) collectDiffering(own(a, key), own(b, key), [...path, key], paths);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((item, i) => collectDiffering(item, b[i], [...path, String(i)], paths));
    return;
  }
  if (!sameJson(a, b)) paths.push(formatPointer(path));
}

/**
 * A value's shape, as text that is equal for equal shapes: its type, an object's keys with their
 * shapes, and a list's item shapes (each once, so a list of another length has the same shape).
 */
export function shapeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${[...new Set(value.map(shapeOf))].sort().join('|')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${shapeOf(own(value, key))}`)
      .join(',')}}`;
  return typeof value;
}

/** The type of a value in words, for a shape change's message. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (isObject(value)) return 'an object';
  return `a ${typeof value}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object's own value at `key` (never one inherited, such as `constructor`). */
function own(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

function unionKeys(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])];
}

/** Equal as JSON, whatever the order of object keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => sameJson(item, other[i]));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  return (
    keys.length === Object.keys(y).length &&
    keys.every((key) => Object.hasOwn(y, key) && sameJson(x[key], y[key]))
  );
}
