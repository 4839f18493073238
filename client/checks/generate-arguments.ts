/**
 * Arguments for a tool call made without a person: a value for every required property and every
 * property with a default, read from the tool's input schema. The schema's own words come first
 * (`default`, `const`, `enum`, `examples`), then a plain value of the right type within the stated
 * bounds. Pure and total: odd schemas give a best guess, never an exception.
 */

/** Deepest nesting followed; deeper required objects get `{}`. */
const MAX_DEPTH = 8;

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Arguments for a tool whose `inputSchema` is this; always an object. */
export function generateArguments(inputSchema: unknown): Record<string, unknown> {
  const value = valueFor(inputSchema, inputSchema, 0);
  return isSchema(value) ? value : {};
}

/** A value that `schema` accepts, as far as a simple reading can tell; `root` resolves local `$ref`s. */
export function valueFor(schema: unknown, root: unknown, depth: number): unknown {
  if (schema === true || schema === undefined) return {};
  if (!isSchema(schema) || depth > MAX_DEPTH) return undefined;
  if (typeof schema.$ref === 'string') {
    const target = resolveLocal(root, schema.$ref);
    if (target !== undefined && depth < MAX_DEPTH) return valueFor(target, root, depth + 1);
  }
  if ('default' in schema) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  for (const key of ['oneOf', 'anyOf'] as const) {
    const choices = schema[key];
    if (Array.isArray(choices) && choices.length) {
      const first = choices.find((choice) => !(isSchema(choice) && choice.type === 'null')) ?? choices[0];
      return valueFor(first, root, depth + 1);
    }
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length) return valueFor(mergeAll(schema), root, depth + 1);
  switch (typeOf(schema)) {
    case 'object':
      return objectFor(schema, root, depth);
    case 'array':
      return arrayFor(schema, root, depth);
    case 'string':
      return stringFor(schema);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return undefined;
  }
}

function typeOf(schema: Schema): string | undefined {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((t) => t !== 'null') ?? type[0];
  if (isSchema(schema.properties)) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

function objectFor(schema: Schema, root: unknown, depth: number): Record<string, unknown> {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((key) => typeof key === 'string') : [],
  );
  const result: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties)) {
    const wanted = required.has(key) || (isSchema(property) && 'default' in property);
    if (!wanted) continue;
    const value = valueFor(property, root, depth + 1);
    if (value !== undefined) result[key] = value;
    else if (required.has(key)) result[key] = 'test';
  }
  // Required names with no property schema still need a value.
  for (const key of required) if (!(key in result)) result[key] = 'test';
  return result;
}

function arrayFor(schema: Schema, root: unknown, depth: number): unknown[] {
  const min = typeof schema.minItems === 'number' ? Math.min(schema.minItems, 10) : 0;
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
  const items = Array.isArray(schema.items) ? undefined : schema.items;
  const result: unknown[] = [];
  for (let i = 0; i < Math.max(min, 0); i++) {
    const itemSchema = i < prefix.length ? prefix[i] : items;
    const value = valueFor(itemSchema ?? {}, root, depth + 1);
    result.push(value === undefined ? 'test' : value);
  }
  return result;
}

const FORMATS: Record<string, string> = {
  email: 'test@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  'uri-reference': 'https://example.com/',
  'date-time': '2026-01-01T00:00:00Z',
  date: '2026-01-01',
  time: '00:00:00Z',
  uuid: '00000000-0000-4000-8000-000000000000',
  hostname: 'example.com',
  ipv4: '127.0.0.1',
  ipv6: '::1',
};

function stringFor(schema: Schema): string {
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  let text = format ?? 'test';
  const min = typeof schema.minLength === 'number' ? Math.min(schema.minLength, 1000) : 0;
  while (text.length < min) text += 'x';
  if (typeof schema.maxLength === 'number' && text.length > schema.maxLength)
    text = text.slice(0, Math.max(0, schema.maxLength));
  return text;
}

function numberFor(schema: Schema, integer: boolean): number {
  const num = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  const lower =
    num('minimum') ?? (num('exclusiveMinimum') !== undefined ? num('exclusiveMinimum')! + 1 : undefined);
  const upper =
    num('maximum') ?? (num('exclusiveMaximum') !== undefined ? num('exclusiveMaximum')! - 1 : undefined);
  let value = lower ?? (upper !== undefined && upper < 1 ? upper : 1);
  if (integer) value = Math.ceil(value);
  const step = num('multipleOf');
  if (step && step > 0) value = Math.ceil(value / step) * step;
  return value;
}

/** The branches of `allOf` merged into one schema (properties and required joined). */
function mergeAll(schema: Schema): Schema {
  const { allOf, ...rest } = schema;
  const merged: Schema = { ...rest };
  const properties: Schema = { ...(isSchema(rest.properties) ? rest.properties : {}) };
  const required = new Set<unknown>(Array.isArray(rest.required) ? rest.required : []);
  for (const part of allOf as unknown[]) {
    if (!isSchema(part)) continue;
    Object.assign(properties, isSchema(part.properties) ? part.properties : {});
    for (const key of Array.isArray(part.required) ? part.required : []) required.add(key);
    for (const [key, value] of Object.entries(part))
      if (key !== 'properties' && key !== 'required' && !(key in merged)) merged[key] = value;
  }
  if (Object.keys(properties).length) merged.properties = properties;
  if (required.size) merged.required = [...required];
  return merged;
}

/** A `#/…` JSON pointer into `root`; undefined for anything else. */
function resolveLocal(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isSchema(node)) return undefined;
    node = node[key];
  }
  return node;
}
