import { hasOnlyAnnotations } from './annotations.ts';
import { NULLABLE_MARK } from './schema-markers.ts';
import { isSchemaObject, typeList, type SchemaObject } from './schema-types.ts';

/**
 * Rewrites the ways schemas say "or null" into one shape the form renders as the field plus a null toggle:
 * `type: ['x', 'null']` with the `NULLABLE_MARK`. Handles `type` arrays, OpenAPI's `nullable: true`,
 * `enum` lists holding `null`, and pydantic's `anyOf: [{...}, {type: 'null'}]` (a single remaining branch is merged
 * into the field, so `Optional[Address]` renders as the Address fields, not as a two-option chooser).
 * Expects the node's subschemas to be normalised already; returns a new node.
 */
export function normalizeNullable(input: SchemaObject): SchemaObject {
  let node = fromOpenApiNullable(input);
  node = fromNullableEnum(node);
  node = fromNullUnion(node, 'anyOf');
  node = fromNullUnion(node, 'oneOf');
  const types = typeList(node);
  if (types?.includes('null') && types.length > 1) node = { ...node, [NULLABLE_MARK]: true };
  return node;
}

/** True for a subschema that only admits `null`. */
function isNullOnlySchema(schema: unknown): boolean {
  if (!isSchemaObject(schema)) return false;
  const types = typeList(schema);
  if (types?.length === 1 && types[0] === 'null') return true;
  if (schema.const === null) return true;
  return Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null;
}

function withNullType(node: SchemaObject): SchemaObject {
  const types = typeList(node);
  if (!types || types.includes('null')) return node;
  return { ...node, type: [...types, 'null'] };
}

function fromOpenApiNullable(node: SchemaObject): SchemaObject {
  if (!('nullable' in node)) return node;
  const { nullable, ...rest } = node;
  return nullable === true ? { ...withNullType(rest), [NULLABLE_MARK]: true } : rest;
}

function fromNullableEnum(node: SchemaObject): SchemaObject {
  if (!Array.isArray(node.enum) || !node.enum.includes(null) || node.enum.length < 2) return node;
  return { ...withNullType(node), enum: node.enum.filter((value) => value !== null), [NULLABLE_MARK]: true };
}

function fromNullUnion(node: SchemaObject, keyword: 'anyOf' | 'oneOf'): SchemaObject {
  const options = node[keyword];
  if (!Array.isArray(options) || !options.some(isNullOnlySchema)) return node;
  const remaining = options.filter((option) => !isNullOnlySchema(option));
  const { [keyword]: _union, ...parent } = node;
  if (remaining.length === 0) return { ...parent, type: 'null' };
  if (remaining.length > 1) return { ...parent, [keyword]: remaining, [NULLABLE_MARK]: true };
  const branch = remaining[0];
  if (!isSchemaObject(branch)) return { ...parent, [NULLABLE_MARK]: true };
  // The field's own title/description/default describe it better than the branch's (pydantic puts them there).
  if (hasOnlyAnnotations(parent)) return { ...withNullType(branch), ...parent, [NULLABLE_MARK]: true };
  const allOf = Array.isArray(parent.allOf) ? parent.allOf : [];
  return { ...parent, allOf: [...allOf, branch], [NULLABLE_MARK]: true };
}
