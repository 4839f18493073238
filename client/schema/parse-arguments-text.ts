/** The arguments text, parsed. */
export interface ParsedArguments {
  /** The arguments object, when the text is a JSON object (or empty, which means `{}`). */
  value?: Record<string, unknown>;
  /** Why the text is not usable as arguments. */
  error?: string;
  /** True for '' or '{}' (whitespace aside): nothing typed yet. */
  empty: boolean;
}

/** True for the two spellings of "no arguments yet": '' and '{}' (whitespace aside). */
export function isEmptyArgumentsText(text: string): boolean {
  const compact = text.replace(/\s+/g, '');
  return compact === '' || compact === '{}';
}

/**
 * Parses the arguments text without changing it. MCP arguments are always an object, so a JSON array or
 * scalar is reported as an error rather than silently wrapped.
 */
export function parseArgumentsText(text: string): ParsedArguments {
  const empty = isEmptyArgumentsText(text);
  if (text.trim() === '') return { value: {}, empty };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: `Invalid JSON: ${(error as Error).message}`, empty };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return { error: `Arguments must be a JSON object, not ${kind}`, empty };
  }
  return { value: value as Record<string, unknown>, empty };
}
