/** Texts above this size are shown as sent: parsing and re-indenting them would stall the page. */
export const PRETTY_JSON_MAX_CHARS = 1_000_000;

/** True when `text` starts like a JSON object or array (cheap, no parsing). */
export function looksLikeJson(text: string): boolean {
  const start = /^\s*([[{])/.exec(text.slice(0, 64));
  if (!start) return false;
  const end = text.trimEnd().at(-1);
  return (start[1] === '{' && end === '}') || (start[1] === '[' && end === ']');
}

/** Parses JSON-looking text; undefined when it does not look like JSON or does not parse. */
export function parseJsonText(
  text: string,
  maxChars = Number.POSITIVE_INFINITY,
): { value: unknown } | undefined {
  if (text.length > maxChars || !looksLikeJson(text)) return undefined;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** Pretty-printed JSON for JSON-looking text under the size threshold, else undefined. */
export function prettyJsonText(text: string, maxChars = PRETTY_JSON_MAX_CHARS): string | undefined {
  const parsed = parseJsonText(text, maxChars);
  if (!parsed) return undefined;
  const pretty = JSON.stringify(parsed.value, null, 2);
  return pretty === text ? undefined : pretty;
}

/** JSON for display of any value, even one JSON cannot hold (cycles, BigInt) or `undefined`. */
export function safeStringify(value: unknown, indent = 2): string {
  try {
    return JSON.stringify(value, null, indent) ?? String(value);
  } catch (error) {
    return `(cannot be shown as JSON: ${error instanceof Error ? error.message : String(error)})`;
  }
}
