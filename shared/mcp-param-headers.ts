/**
 * Tool parameters mirrored into HTTP headers (MCP 2026-07-28, Streamable HTTP, "Custom Headers from
 * Tool Parameters", SEP-2243): a property of a tool's `inputSchema` marked `"x-mcp-header": "Region"`
 * travels, besides the body, as `Mcp-Param-Region: <value>`. This module checks the declarations by
 * the spec's rules (a tool that breaks one is invalid, and the reason is given so it can be listed
 * apart), reads the values from call arguments and encodes them. The same value encoding applies to
 * `Mcp-Name`. Used by the bridge (which makes the HTTP requests) and the page (which shows them).
 * No Node imports: `btoa`/`atob` and `TextEncoder` exist in browsers and in Node alike.
 */
import { isRecord } from './untrusted-json.ts';

/** Prefix of a mirrored parameter's header name: `Mcp-Param-{name}`. */
export const MCP_PARAM_HEADER_PREFIX = 'Mcp-Param-';

/** The keyword that marks a property for mirroring. */
export const MCP_HEADER_KEYWORD = 'x-mcp-header';

/** One property a tool mirrors into a header. */
export interface McpHeaderDeclaration {
  /** The declared name, e.g. `Region` (the header is `Mcp-Param-Region`). */
  name: string;
  /** The chain of `properties` keys leading from the schema root to the property. */
  path: string[];
  /** The property's primitive type. */
  type: 'string' | 'integer' | 'boolean';
}

/** What a tool's `inputSchema` declares: its mirrored properties, or why the tool is invalid. */
export type ToolHeaderCheck =
  { valid: true; headers: McpHeaderDeclaration[] } | { valid: false; reason: string };

// RFC 9110 §5.6.2 tchar: the characters a header field name (token) may hold.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const SENTINEL = /^=\?base64\?(.*)\?=$/s;
const PRIMITIVES = new Set(['string', 'integer', 'boolean']);
/** Keywords whose values are data, not schemas: an `x-mcp-header` key inside them annotates nothing. */
const DATA_KEYWORDS = new Set(['default', 'const', 'enum', 'examples']);

/**
 * Checks every `x-mcp-header` in `inputSchema` by the spec's rules: a non-empty token, no control
 * characters, unique regardless of case, on a property of type string, integer or boolean that is
 * reachable from the root through `properties` keys only (not through `items`, composition or
 * conditional keywords, `$ref` or `$defs`). A property's type must be stated on the property itself
 * (`"type": "string"`, or with `"null"` beside it: a null value sends no header).
 */
export function checkToolHeaders(inputSchema: unknown): ToolHeaderCheck {
  const headers: McpHeaderDeclaration[] = [];
  const problems: string[] = [];
  visitSchema(inputSchema, [], 'root', headers, problems);
  const seen = new Map<string, string>();
  for (const header of headers) {
    const key = header.name.toLowerCase();
    const other = seen.get(key);
    if (other !== undefined)
      problems.push(
        `x-mcp-header "${header.name}" is declared twice (also as "${other}"); names must differ regardless of case`,
      );
    else seen.set(key, header.name);
  }
  return problems.length ? { valid: false, reason: problems[0]! } : { valid: true, headers };
}

/** Where a schema sits: the root, a property reached through `properties` only, or elsewhere. */
type Place = 'root' | 'property' | 'unreachable';

function visitSchema(
  node: unknown,
  path: string[],
  place: Place,
  headers: McpHeaderDeclaration[],
  problems: string[],
): void {
  if (Array.isArray(node)) {
    for (const item of node) visitSchema(item, path, 'unreachable', headers, problems);
    return;
  }
  if (!isRecord(node)) return;
  if (MCP_HEADER_KEYWORD in node) {
    const declaration = readDeclaration(node, path, place);
    if (typeof declaration === 'string') problems.push(declaration);
    else headers.push(declaration);
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === MCP_HEADER_KEYWORD || DATA_KEYWORDS.has(key)) continue;
    if (key === 'properties' && isRecord(value)) {
      // Property names are names, not keywords: a property called "x-mcp-header" is allowed.
      for (const [name, child] of Object.entries(value))
        visitSchema(
          child,
          [...path, name],
          place === 'unreachable' ? 'unreachable' : 'property',
          headers,
          problems,
        );
      continue;
    }
    visitSchema(value, path, 'unreachable', headers, problems);
  }
}

/** The declaration on `node`, or what is wrong with it. */
function readDeclaration(
  node: Record<string, unknown>,
  path: string[],
  place: Place,
): McpHeaderDeclaration | string {
  const name = node[MCP_HEADER_KEYWORD];
  const where = path.length ? `property "${path.join('.')}"` : 'the schema root';
  if (typeof name !== 'string') return `x-mcp-header on ${where} is not a string`;
  if (name === '') return `x-mcp-header on ${where} is empty`;
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  if (/[\u0000-\u001f\u007f]/.test(name))
    return `x-mcp-header ${JSON.stringify(name)} on ${where} contains control characters`;
  if (!TOKEN.test(name))
    return `x-mcp-header ${JSON.stringify(name)} on ${where} is not an HTTP token (RFC 9110)`;
  if (place === 'root') return `x-mcp-header "${name}" is on the schema root, not on a property`;
  if (place === 'unreachable')
    return `x-mcp-header "${name}" on ${where} is not reachable from the root through "properties" alone`;
  const type = primitiveType(node.type);
  if (!type)
    return `x-mcp-header "${name}" is on ${where}, whose type is ${JSON.stringify(node.type ?? null)}; only string, integer or boolean may be mirrored`;
  return { name, path, type };
}

function primitiveType(type: unknown): McpHeaderDeclaration['type'] | undefined {
  const types = Array.isArray(type) ? type.filter((entry) => entry !== 'null') : [type];
  const [only] = types;
  return types.length === 1 && typeof only === 'string' && PRIMITIVES.has(only)
    ? (only as McpHeaderDeclaration['type'])
    : undefined;
}

/**
 * The `Mcp-Param-*` headers of one call: for each declaration, the value at its exact path in
 * `args`, encoded. Absent and null values send no header; so do objects and arrays (the schema
 * says primitive, the arguments disagree: the server judges the body).
 */
export function mcpParamHeaders(
  declarations: readonly McpHeaderDeclaration[],
  args: unknown,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const declaration of declarations) {
    let value: unknown = args;
    for (const key of declaration.path)
      value = isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
    const text = headerText(value);
    if (text !== undefined) headers[MCP_PARAM_HEADER_PREFIX + declaration.name] = encodeHeaderValue(text);
  }
  return headers;
}

function headerText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * A header value as the spec encodes it: as is when it is plain visible ASCII (spaces inside are
 * fine), else `=?base64?{base64 of the UTF-8}?=`: for non-ASCII text, control characters, leading
 * or trailing whitespace, and a plain value that looks like the sentinel itself.
 */
export function encodeHeaderValue(value: string): string {
  const plain = /^[\x20-\x7e]*$/.test(value) && !/^\s|\s$/.test(value) && !SENTINEL.test(value);
  return plain ? value : `=?base64?${base64OfUtf8(value)}?=`;
}

/** The text of a header value, decoding the base64 sentinel; undefined when it is not valid base64. */
export function decodeHeaderValue(value: string): string | undefined {
  const match = SENTINEL.exec(value);
  if (!match) return value;
  try {
    const binary = atob(match[1]!);
    return new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    );
  } catch {
    return undefined;
  }
}

/** True for header values written with the base64 sentinel. */
export function isEncodedHeaderValue(value: string): boolean {
  return SENTINEL.test(value);
}

function base64OfUtf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
