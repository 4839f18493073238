import type Ajv from 'ajv';
import type { Options } from 'ajv';
import draft06MetaSchema from 'ajv/dist/refs/json-schema-draft-06.json';
import { createAjv } from './create-ajv.ts';
import type { DialectInfo, EngineDialect } from './detect-dialect.ts';
import { isSchemaObject, type SchemaObject } from './schema-types.ts';

/** The `$schema` each Ajv class knows its meta-schema by. */
const CANONICAL_META: Record<EngineDialect, string> = {
  'draft-2020-12': 'https://json-schema.org/draft/2020-12/schema',
  'draft-2019-09': 'https://json-schema.org/draft/2019-09/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
};
const DRAFT_06_META = 'http://json-schema.org/draft-06/schema#';

/** Keywords whose values are one subschema, in draft-04 to draft-07. */
const SINGLE = [
  'additionalItems',
  'additionalProperties',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
];
/** Keywords whose values are maps of subschemas. */
const MAPS = ['properties', 'patternProperties', 'definitions', 'dependencies'];
/** Keywords whose values are lists of subschemas. */
const LISTS = ['allOf', 'anyOf', 'oneOf'];

/** Keywords draft-07 applies that draft-06 did not define (and so ignored). */
const NOT_IN_DRAFT_06 = ['if', 'then', 'else'];
/** Keywords draft-06 and -07 apply that draft-04 did not define (and so ignored). */
const NOT_IN_DRAFT_04 = [...NOT_IN_DRAFT_06, 'const', 'contains', 'propertyNames'];

/**
 * The schema to hand to Ajv for `info`: draft-04 rewritten to its draft-07 equivalent, draft-06 kept with the
 * keywords draft-07 added taken out (they meant nothing in draft-06), an alias of a known `$schema` replaced by
 * the canonical one, an unknown `$schema` dropped (Ajv refuses one it has no meta-schema for). Never mutates.
 */
export function schemaForEngine(schema: unknown, info: DialectInfo): unknown {
  if (!isSchemaObject(schema)) return schema;
  switch (info.dialect) {
    case 'draft-04':
      return { ...rewrite(schema, fromDraft04), $schema: CANONICAL_META['draft-07'] };
    case 'draft-06':
      return { ...rewrite(schema, (node) => without(node, NOT_IN_DRAFT_06)), $schema: DRAFT_06_META };
    default: {
      const { $schema: _declared, ...rest } = schema;
      return info.source === 'declared' ? { ...rest, $schema: CANONICAL_META[info.engine] } : rest;
    }
  }
}

/** A new Ajv able to compile `schemaForEngine(…, info)`. */
export function createAjvFor(info: DialectInfo, options?: Options): Ajv {
  const ajv = createAjv(info.engine, options);
  // Ajv reads draft-06 with its draft-07 class once it has the draft-06 meta-schema.
  if (info.dialect === 'draft-06') ajv.addMetaSchema(draft06MetaSchema);
  return ajv;
}

/** A short note on how a draft-04 or draft-06 schema is checked, for the UI. */
export function engineNote(info: DialectInfo): string | undefined {
  if (info.dialect === 'draft-04')
    return 'draft-04 is checked by converting it to draft-07 (boolean exclusiveMinimum/Maximum, id → $id; keywords draft-04 lacked are ignored).';
  if (info.dialect === 'draft-06')
    return 'draft-06 is checked with Ajv’s draft-06 meta-schema; if/then/else, which draft-06 lacked, are ignored.';
  return undefined;
}

/** draft-04 → draft-07 for one node: numeric exclusive bounds, `$id`, and no keywords draft-04 did not have. */
function fromDraft04(node: SchemaObject): SchemaObject {
  const next: SchemaObject = without(node, NOT_IN_DRAFT_04);
  for (const [flag, bound] of [
    ['exclusiveMaximum', 'maximum'],
    ['exclusiveMinimum', 'minimum'],
  ] as const) {
    if (typeof next[flag] !== 'boolean') continue;
    if (next[flag] === true && typeof next[bound] === 'number') {
      next[flag] = next[bound];
      delete next[bound];
    } else delete next[flag];
  }
  if (typeof next.id === 'string' && next.$id === undefined) {
    next.$id = next.id;
    delete next.id;
  }
  return next;
}

function without(node: SchemaObject, keywords: readonly string[]): SchemaObject {
  const copy: SchemaObject = { ...node };
  for (const keyword of keywords) delete copy[keyword];
  return copy;
}

/** Applies `change` to a schema and every subschema in it (keyword positions only, not property names). */
function rewrite(
  schema: SchemaObject,
  change: (node: SchemaObject) => SchemaObject,
  depth = 0,
): SchemaObject {
  // Deep enough for any real schema; a hostile one is cut off rather than overflowing the stack.
  if (depth > 200) return schema;
  const visit = (value: unknown): unknown =>
    isSchemaObject(value) ? rewrite(value, change, depth + 1) : value;
  const node = change(schema);
  for (const keyword of SINGLE) if (keyword in node) node[keyword] = visit(node[keyword]);
  for (const keyword of LISTS)
    if (Array.isArray(node[keyword])) node[keyword] = (node[keyword] as unknown[]).map(visit);
  if ('items' in node) node.items = Array.isArray(node.items) ? node.items.map(visit) : visit(node.items);
  for (const keyword of MAPS) {
    const map = node[keyword];
    if (isSchemaObject(map))
      node[keyword] = Object.fromEntries(Object.entries(map).map(([key, value]) => [key, visit(value)]));
  }
  return node;
}
