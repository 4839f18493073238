import { anyValueSchema, hasOnlyAnnotations, sanitizeAnnotations } from './annotations.ts';
import { normalizeNullable } from './nullable.ts';
import { titleUnionOptions } from './option-titles.ts';
import { refDisplayName, resolveLocalRef } from './resolve-ref.ts';
import { ANY_VALUE_MARK, REF_NAME_MARK } from './schema-markers.ts';
import { isSchemaObject, KNOWN_TYPES, typeList, type SchemaObject } from './schema-types.ts';
import {
  ANY_JSON_REASON,
  capMinItems,
  cleanRequired,
  enumToConstOptions,
  markConstReadOnly,
  openContainers,
  prefixItemsToTupleItems,
  splitMultiType,
} from './shape-transforms.ts';

/** Bounds that keep hostile or recursive schemas from freezing the page. */
export interface NormalizeLimits {
  /** Subschema nesting beyond which a field is edited as JSON. */
  maxDepth: number;
  /** How many times one `$ref` may be expanded inside itself before recursion is cut. */
  maxRefRepeats: number;
  /** Subschemas produced in total (after inlining) before the rest is edited as JSON. */
  maxNodes: number;
}

/** Limits for the form: about three levels of a recursive type, a dozen levels of nesting. */
export const DEFAULT_LIMITS: NormalizeLimits = { maxDepth: 12, maxRefRepeats: 3, maxNodes: 1_000 };

/** Shared, mutable state of one normalisation run. */
interface WalkState {
  root: SchemaObject;
  limits: NormalizeLimits;
  nodes: number;
  /** Things the user should know about the form (shown under it). */
  notes: Set<string>;
  /** Set when tuples were written in the draft-07 spelling, which 2020-12 validators reject. */
  usesTupleItems: boolean;
}

interface Position {
  depth: number;
  refPath: readonly string[];
  isRoot: boolean;
}

// Identifiers and keywords rjsf never reads; left in, they would only trip the validator rjsf uses internally
// (duplicate `$id`s once definitions are inlined twice, `$ref`s into the dropped `$defs`).
const DROPPED_KEYWORDS = [
  '$schema', '$id', 'id', '$anchor', '$dynamicAnchor', '$recursiveAnchor', '$defs', 'definitions', '$comment',
  '$vocabulary', 'not', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'contentSchema',
  'dependentSchemas',
]; // prettier-ignore
const REF_KEYWORDS = ['$ref', '$recursiveRef', '$dynamicRef'];
const MAP_KEYWORDS = ['properties', 'patternProperties'];
const UNION_KEYWORDS = ['anyOf', 'oneOf', 'allOf'];
const CONDITION_KEYWORDS = ['if', 'then', 'else'];

/** Starts a walk at the root of a tool schema. */
export function normalizeRoot(root: SchemaObject, limits: NormalizeLimits = DEFAULT_LIMITS) {
  const state: WalkState = { root, limits, nodes: 0, notes: new Set(), usesTupleItems: false };
  const schema = normalizeNode(root, state, { depth: 0, refPath: [], isRoot: true });
  return { schema, state };
}

/**
 * Rewrites one subschema (and everything under it) into the finite, `$ref`-free shape handed to rjsf: references
 * inlined, recursion and depth cut, booleans and nullables made explicit. Never mutates its input.
 */
function normalizeNode(input: unknown, state: WalkState, pos: Position): SchemaObject {
  if (input === true) return anyValueSchema(ANY_JSON_REASON);
  if (input === false) return anyValueSchema('No value is allowed here');
  if (!isSchemaObject(input)) return anyValueSchema('Malformed schema');
  if (++state.nodes > state.limits.maxNodes) {
    state.notes.add('The schema is very large: parts of the form are edited as JSON.');
    return anyValueSchema('Schema too large for the form', input);
  }
  if (pos.depth > state.limits.maxDepth) return anyValueSchema('Nested too deeply for the form', input);
  const refKeyword = REF_KEYWORDS.find((keyword) => typeof input[keyword] === 'string');
  if (refKeyword) return inlineRef(input, refKeyword, state, pos);

  const node: SchemaObject = { ...input };
  for (const keyword of DROPPED_KEYWORDS) delete node[keyword];
  walkChildren(node, state, { ...pos, depth: pos.depth + 1, isRoot: false });
  return applyTransforms(node, state, pos.isRoot);
}

function inlineRef(input: SchemaObject, keyword: string, state: WalkState, pos: Position): SchemaObject {
  const ref = input[keyword] as string;
  const { [keyword]: _ref, ...rest } = input;
  const siblings = Object.fromEntries(
    Object.entries(rest).filter(([key]) => !DROPPED_KEYWORDS.includes(key)),
  );
  const name = refDisplayName(ref);
  const resolved = resolveLocalRef(state.root, ref);
  if (pos.refPath.filter((seen) => seen === ref).length >= state.limits.maxRefRepeats) {
    const target = resolved.found && isSchemaObject(resolved.schema) ? resolved.schema : {};
    return anyValueSchema(`Recursive ${name}: edited as JSON`, {
      type: target.type,
      ...siblings,
      [REF_NAME_MARK]: ref,
    });
  }
  if (!resolved.found) {
    state.notes.add(`Unresolved $ref: ${resolved.reason}. That field is edited as JSON.`);
    return anyValueSchema(`Unresolved $ref ${ref}`, siblings);
  }
  const target = normalizeNode(resolved.schema, state, { ...pos, refPath: [...pos.refPath, ref] });
  const named = typeof target.title === 'string' ? target : { ...target, [REF_NAME_MARK]: ref };
  if (Object.keys(siblings).length === 0) return named;
  const own = normalizeNode(siblings, state, pos);
  if (hasOnlyAnnotations(siblings)) {
    // An annotation next to a `$ref` (a field's own description) describes the field better than the definition.
    const { [ANY_VALUE_MARK]: _anyOwn, ...annotations } = own;
    return { ...named, ...annotations };
  }
  // 2019-09+ applies `$ref` alongside its siblings, which is what `allOf` says and what rjsf merges.
  const allOf = Array.isArray(own.allOf) ? own.allOf : [];
  return { ...own, allOf: [...allOf, named] };
}

function walkChildren(node: SchemaObject, state: WalkState, child: Position): void {
  for (const keyword of MAP_KEYWORDS) {
    const map = node[keyword];
    if (!isSchemaObject(map)) {
      delete node[keyword];
      continue;
    }
    const entries: [string, SchemaObject][] = [];
    for (const [name, schema] of Object.entries(map)) {
      if (schema === false) continue;
      if (name === '__proto__') {
        // Assigning it would set the prototype of rjsf's form data instead of a property.
        state.notes.add('The property "__proto__" can only be set in the JSON tab.');
        continue;
      }
      entries.push([name, normalizeNode(schema, state, child)]);
    }
    node[keyword] = Object.fromEntries(entries);
  }
  for (const keyword of UNION_KEYWORDS) {
    const options = node[keyword];
    if (options === undefined) continue;
    const kept = Array.isArray(options) ? options.filter((option) => option !== false) : [];
    // An empty union is malformed (and an all-`false` one unsatisfiable): nothing to choose from, so it goes.
    if (kept.length === 0) delete node[keyword];
    else node[keyword] = kept.map((option) => normalizeNode(option, state, child));
  }
  for (const keyword of ['prefixItems', 'items']) {
    const items = node[keyword];
    if (Array.isArray(items)) node[keyword] = items.map((item) => normalizeNode(item, state, child));
    else if (items !== undefined && items !== false) node[keyword] = normalizeNode(items, state, child);
  }
  if (node.additionalProperties !== undefined && node.additionalProperties !== false) {
    node.additionalProperties = normalizeNode(node.additionalProperties, state, child);
  }
  if (isSchemaObject(node.additionalItems))
    node.additionalItems = normalizeNode(node.additionalItems, state, child);
  for (const keyword of CONDITION_KEYWORDS) {
    if (isSchemaObject(node[keyword])) node[keyword] = normalizeNode(node[keyword], state, child);
  }
  if (isSchemaObject(node.dependencies)) {
    node.dependencies = Object.fromEntries(
      Object.entries(node.dependencies).map(([name, dependency]) => [
        name,
        isSchemaObject(dependency) ? normalizeNode(dependency, state, child) : dependency,
      ]),
    );
  }
}

function applyTransforms(input: SchemaObject, state: WalkState, isRoot: boolean): SchemaObject {
  sanitizeAnnotations(input);
  let node = normalizeNullable(cleanRequired(input));
  const unknownType = typeList(node)?.find((type) => !KNOWN_TYPES.has(type));
  if (unknownType !== undefined) {
    state.notes.add(`Unknown type "${unknownType}": that field is edited as JSON.`);
    return anyValueSchema(`Unknown type "${unknownType}"`, node);
  }
  if ('type' in node && !typeList(node)) delete node.type;
  node = enumToConstOptions(splitMultiType(node));
  for (const keyword of ['anyOf', 'oneOf']) {
    if (Array.isArray(node[keyword])) node = { ...node, [keyword]: titleUnionOptions(node[keyword]) };
  }
  node = markConstReadOnly(node);
  const tuple = prefixItemsToTupleItems(node);
  if (tuple !== node || Array.isArray(node.items)) state.usesTupleItems = true;
  node = openContainers(capMinItems(tuple), isRoot);
  if (!isRoot && hasOnlyAnnotations(node) && !(ANY_VALUE_MARK in node))
    return anyValueSchema(ANY_JSON_REASON, node);
  return node;
}
