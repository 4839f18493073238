import { defaultDialect, detectDialect, type DialectInfo, type EngineDialect } from './detect-dialect.ts';
import { schemaForEngine } from './schema-for-engine.ts';
import { DEFAULT_LIMITS, normalizeRoot, type NormalizeLimits } from './normalize-node.ts';
import { resolveLocalRef } from './resolve-ref.ts';
import { ANY_VALUE_MARK, NULLABLE_MARK } from './schema-markers.ts';
import { isSchemaObject, typeList, type SchemaObject } from './schema-types.ts';

/** A tool's input schema made ready for rjsf, or the reason the form cannot show it. */
export interface NormalizedSchema {
  /** The schema to render, absent when the form falls back to JSON. */
  schema?: SchemaObject;
  /** The Ajv class rjsf's validator must use for `schema` (not always the tool's: see `usesTupleItems`). */
  dialect: EngineDialect;
  /** The dialect the tool's schema is read with, and why. */
  dialectInfo: DialectInfo;
  /** Why there is no form, in words for the user. */
  fallbackReason?: string;
  /** Things the user should know about the form: recursion cut, unresolved references, dropped properties. */
  notes: string[];
}

// Per schema object, then per default dialect: the negotiated revision only matters through it.
const cache = new WeakMap<object, Map<string, NormalizedSchema>>();

/**
 * Prepares a tool's `inputSchema` for the form: inlines `$ref`s with recursion and depth cut off, makes nullables,
 * tuples and open containers explicit, names union options, and strips what rjsf or its validator would choke on.
 * The result only drives rendering; arguments are validated against the original schema (see check-arguments.ts).
 * Cached per schema object, since tool lists are immutable snapshots.
 */
export function normalizeToolSchema(
  inputSchema: unknown,
  limits: NormalizeLimits = DEFAULT_LIMITS,
  revision?: string,
): NormalizedSchema {
  const cacheable = typeof inputSchema === 'object' && inputSchema !== null && limits === DEFAULT_LIMITS;
  const byDefault = cacheable ? cache.get(inputSchema) : undefined;
  const cached = byDefault?.get(defaultDialect(revision));
  if (cached) return cached;
  const result = normalizeUncached(inputSchema, limits, revision);
  if (cacheable) {
    const entries = byDefault ?? new Map<string, NormalizedSchema>();
    entries.set(defaultDialect(revision), result);
    cache.set(inputSchema, entries);
  }
  return result;
}

function normalizeUncached(original: unknown, limits: NormalizeLimits, revision?: string): NormalizedSchema {
  const dialectInfo = detectDialect(original, revision);
  const dialect = dialectInfo.engine;
  // draft-04 is drawn from its draft-07 equivalent, so boolean exclusive bounds mean what they meant.
  const inputSchema = schemaForEngine(original, dialectInfo);
  const fallback = (fallbackReason: string): NormalizedSchema => ({
    dialect,
    dialectInfo,
    fallbackReason,
    notes: [],
  });
  if (!isSchemaObject(inputSchema)) {
    return fallback(
      `The input schema is ${JSON.stringify(inputSchema) ?? 'missing'}, not a JSON Schema object.`,
    );
  }
  const rootProblem = describeRootProblem(inputSchema);
  if (rootProblem) return fallback(rootProblem);

  const { schema, state } = normalizeRoot(inputSchema, limits);
  if (typeof schema[ANY_VALUE_MARK] === 'string') {
    return fallback(`The input schema cannot be shown as a form (${schema[ANY_VALUE_MARK]}).`);
  }
  const rootTypes = typeList(schema);
  if (rootTypes && !rootTypes.includes('object')) {
    return fallback(
      `The input schema resolves to ${rootTypes.join(' or ')}, but tool arguments are an object.`,
    );
  }
  // MCP arguments are an object: a root that only implies it (properties, a union of objects) is wrapped as one.
  const { [NULLABLE_MARK]: _nullable, ...root } = schema;
  return {
    schema: { ...root, type: 'object' },
    dialect: state.usesTupleItems ? 'draft-07' : dialect,
    dialectInfo,
    notes: [...state.notes],
  };
}

// MCP tool arguments are always a JSON object; a root that says otherwise has no sensible form.
function describeRootProblem(schema: SchemaObject): string | undefined {
  if ('type' in schema) {
    const types = typeList(schema);
    if (!types) return 'The input schema has a malformed "type".';
    if (!types.includes('object')) {
      return `The input schema describes ${types.join(' or ')} arguments, but tool arguments are always a JSON object.`;
    }
  }
  if (typeof schema.$ref === 'string') {
    const resolved = resolveLocalRef(schema, schema.$ref);
    if (!resolved.found) return `The input schema refers to ${schema.$ref}, which Toolscope cannot resolve.`;
  }
  return undefined;
}
