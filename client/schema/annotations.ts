import { ANY_VALUE_MARK, NULLABLE_MARK, REF_NAME_MARK } from './schema-markers.ts';
import type { SchemaObject } from './schema-types.ts';

/** Keywords that describe a value without constraining it; safe to copy from one subschema onto another. */
const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set([
  'title',
  'description',
  'default',
  'examples',
  'readOnly',
  'writeOnly',
  'deprecated',
  '$comment',
  NULLABLE_MARK,
  ANY_VALUE_MARK,
  REF_NAME_MARK,
]);

/** True when every keyword of the schema is an annotation. */
export function hasOnlyAnnotations(schema: SchemaObject): boolean {
  return Object.keys(schema).every((key) => ANNOTATION_KEYWORDS.has(key));
}

/** The annotation keywords of a schema. */
function pickAnnotations(schema: SchemaObject): SchemaObject {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => ANNOTATION_KEYWORDS.has(key)));
}

const MAX_TITLE = 120;
const MAX_DESCRIPTION = 2_000;

/**
 * Makes `title` and `description` safe to render: a non-string would crash React ("Objects are not valid as a React
 * child"), and a megabyte of text would bury the form. Text is only ever rendered as text, never as HTML.
 */
export function sanitizeAnnotations(schema: SchemaObject): void {
  for (const [key, limit] of [
    ['title', MAX_TITLE],
    ['description', MAX_DESCRIPTION],
  ] as const) {
    const value = schema[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') delete schema[key];
    else if (value.length > limit) schema[key] = `${value.slice(0, limit)}…`;
  }
}

/**
 * A schema the form edits as free JSON text, with the reason shown under the box. When the schema it replaces is
 * known to be an object or an array, a new value starts as `{}` or `[]` rather than as nothing (which an array item
 * would turn into `null`).
 */
export function anyValueSchema(reason: string, replaced: SchemaObject = {}): SchemaObject {
  const schema: SchemaObject = { ...pickAnnotations(replaced), [ANY_VALUE_MARK]: reason };
  if (!('default' in schema)) {
    if (replaced.type === 'object') schema.default = {};
    else if (replaced.type === 'array') schema.default = [];
  }
  return schema;
}
