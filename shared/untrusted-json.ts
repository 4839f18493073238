/**
 * One way to read JSON that came from outside (a file, a socket, an HTTP body): describe it with a
 * zod schema and parse it with {@link parseUntrusted}, which says what is wrong by its path, for
 * example `mcpServers.fs.args[2]: expected a string, got an object`.
 */
import type * as z from 'zod';

/** True for a plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value a schema accepted, or the reason it did not. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * Checks `value` against `schema`. The error names the path of each problem (the first three),
 * prefixed with `at` (the path of `value` itself inside a larger document).
 */
export function parseUntrusted<T>(
  schema: z.ZodType<T>,
  value: unknown,
  at: readonly PropertyKey[] = [],
): Parsed<T> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  // Again with our messages: an error map in the options costs ~1 µs per parse even when all is
  // well (measured with zod 4.6), so only a failed parse pays it. A message given in the schema
  // still wins (zod's order), so schemas can say it better.
  const described = schema.safeParse(value, { error: describeIssue });
  return { ok: false, error: describeIssues((described.error ?? result.error).issues, at) };
}

/**
 * Like {@link parseUntrusted}, for schemas that only check (no transforms or defaults): answers
 * with `value` itself, so a document read and written again keeps its key order byte for byte,
 * and a large one is not copied.
 */
export function checkUntrusted<T>(
  schema: z.ZodType<T>,
  value: unknown,
  at: readonly PropertyKey[] = [],
): Parsed<T> {
  const read = parseUntrusted(schema, value, at);
  return read.ok ? { ok: true, value: value as T } : read;
}

/** JSON.parse that answers instead of throwing. */
export function parseJsonText(text: string): Parsed<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

const MAX_ISSUES = 3;

/** `path: problem` for each issue, joined with "; ". */
export function describeIssues(issues: readonly z.core.$ZodIssue[], at: readonly PropertyKey[] = []): string {
  const lines = issues.slice(0, MAX_ISSUES).map((issue) => {
    const path = formatPath([...at, ...issue.path]);
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  if (issues.length > MAX_ISSUES) lines.push(`and ${issues.length - MAX_ISSUES} more`);
  return lines.join('; ');
}

/** `mcpServers.fs.args[2]`; keys that are not plain words are quoted: `servers["my server"]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => {
      if (typeof key === 'number') return `[${key}]`;
      const name = String(key);
      if (!/^[A-Za-z_$][\w$-]*$/.test(name)) return `[${JSON.stringify(name)}]`;
      return index === 0 ? name : `.${name}`;
    })
    .join('');
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

/** The message of an issue zod raised without one of the schema's own: short, with what was found. */
function describeIssue(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${TYPE_NAMES[issue.expected] ?? issue.expected}, got ${preview(issue.input)}`;
    case 'invalid_value':
      return `expected ${oneOf(issue.values)}, got ${preview(issue.input)}`;
    case 'invalid_union': {
      // A discriminated union names the field it switches on; its input is the whole object.
      const { options, discriminator, input } = issue as {
        options?: unknown;
        discriminator?: unknown;
        input?: unknown;
      };
      if (!Array.isArray(options)) return undefined;
      const got = isRecord(input) && typeof discriminator === 'string' ? input[discriminator] : input;
      return `expected ${oneOf(options)}, got ${preview(got)}`;
    }
    default:
      return undefined;
  }
}

function oneOf(values: readonly unknown[]): string {
  const shown = values.map((value) => JSON.stringify(value));
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}` : (shown[0] ?? 'nothing');
}

/** A short view of a wrong value: its JSON when small, else its kind. */
function preview(value: unknown): string {
  if (value === undefined) return 'nothing';
  const kind = Array.isArray(value) ? 'a list' : (TYPE_NAMES[typeof value] ?? typeof value);
  // Only small values are worth showing; a big one is not serialised just to be cut.
  if (typeof value === 'object' && value !== null && Object.keys(value).length > 5) return kind;
  if (typeof value === 'string' && value.length > 40) return kind;
  const json = JSON.stringify(value);
  return json !== undefined && json.length <= 40 ? json : kind;
}
