import { anyValueSchema } from './annotations.ts';
import { ANY_VALUE_MARK } from './schema-markers.ts';
import { isSchemaObject, typeList, type SchemaObject } from './schema-types.ts';

/** The reason shown under a field whose schema allows any JSON value. */
export const ANY_JSON_REASON = 'Any JSON value';

/**
 * Beyond this many, rjsf would create that many empty items up front (a `minItems: 100000` froze it for 17 s in a
 * test), so the form drops the bound; validation still reports it.
 */
const MAX_RENDERED_MIN_ITEMS = 20;

/** True when a normalised schema allows any value at all (`{}`, `true`, annotations only). */
function isAnyJson(schema: unknown): boolean {
  return isSchemaObject(schema) && schema[ANY_VALUE_MARK] === ANY_JSON_REASON;
}

/**
 * `type: ['string', 'number']` has no single widget: rjsf would silently pick the first type. An `anyOf` over the
 * types gives the user a chooser instead. (`null` was taken out by `normalizeNullable` before this runs.)
 */
export function splitMultiType(node: SchemaObject): SchemaObject {
  const types = typeList(node)?.filter((type) => type !== 'null');
  if (!types || types.length < 2 || 'anyOf' in node || 'oneOf' in node) return node;
  const { type: _type, ...rest } = node;
  return { ...rest, anyOf: types.map((type) => ({ type, title: type })) };
}

/** A `const` cannot be edited, only shown: rjsf fills it in as a default, and `readOnly` keeps it that way. */
export function markConstReadOnly(node: SchemaObject): SchemaObject {
  return 'const' in node && !('readOnly' in node) ? { ...node, readOnly: true } : node;
}

/**
 * rjsf knows tuples only in the draft-07 spelling (`items: [...]` + `additionalItems`), not 2020-12's `prefixItems`.
 * Returns the node unchanged when it has no `prefixItems`.
 */
export function prefixItemsToTupleItems(node: SchemaObject): SchemaObject {
  if (!Array.isArray(node.prefixItems)) return node;
  const { prefixItems, items, ...rest } = node;
  const additionalItems = items === undefined ? true : items;
  return { ...rest, items: prefixItems, additionalItems };
}

/** Drops a `minItems` so large that rjsf would pre-create thousands of empty items. */
export function capMinItems(node: SchemaObject): SchemaObject {
  if (typeof node.minItems !== 'number' || node.minItems <= MAX_RENDERED_MIN_ITEMS) return node;
  const { minItems: _minItems, ...rest } = node;
  return rest;
}

/**
 * An `enum` of objects or arrays renders as "[object Object]" in a select: each value becomes a `const` option
 * titled with its JSON, which rjsf shows as a select with readable labels.
 */
export function enumToConstOptions(node: SchemaObject): SchemaObject {
  const values = node.enum;
  if (!Array.isArray(values) || values.every((value) => value === null || typeof value !== 'object'))
    return node;
  const { enum: _enum, ...rest } = node;
  return { ...rest, oneOf: values.map((value) => ({ const: value, title: JSON.stringify(value) })) };
}

const COMBINATORS = ['anyOf', 'oneOf', 'allOf', 'if', 'dependencies'];

/**
 * Open-ended containers get an editor for their contents: an object that declares no properties becomes a key/value
 * map of JSON values, an array without `items` a list of JSON values. An object that does declare properties loses an
 * "anything else goes" `additionalProperties`, which would only add a noisy "Add" button (the JSON tab still allows
 * extra keys).
 */
export function openContainers(node: SchemaObject, isRoot: boolean): SchemaObject {
  const types = typeList(node);
  let result = node;
  if (types?.includes('array') && result.items === undefined) {
    result = { ...result, items: anyValueSchema(ANY_JSON_REASON) };
  }
  const isObject = types?.includes('object') || (!types && isSchemaObject(node.properties));
  if (!isObject) return result;
  const hasProperties = isSchemaObject(result.properties) && Object.keys(result.properties).length > 0;
  if (hasProperties && isAnyJson(result.additionalProperties)) {
    const { additionalProperties: _open, ...rest } = result;
    return rest;
  }
  const declaresShape =
    hasProperties ||
    result.additionalProperties !== undefined ||
    result.patternProperties !== undefined ||
    COMBINATORS.some((keyword) => keyword in result);
  if (!declaresShape && !isRoot) return { ...result, additionalProperties: anyValueSchema(ANY_JSON_REASON) };
  return result;
}

/** Keeps only the string entries of `required`, which rjsf indexes into as property names. */
export function cleanRequired(node: SchemaObject): SchemaObject {
  if (!('required' in node)) return node;
  const { required, ...rest } = node;
  if (!Array.isArray(required)) return rest;
  return { ...rest, required: required.filter((name): name is string => typeof name === 'string') };
}
