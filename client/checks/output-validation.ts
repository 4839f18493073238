/**
 * Validates structuredContent against a tool's outputSchema with Ajv. This module is loaded with a
 * dynamic import so Ajv stays out of the initial bundle. Schemas come from the server and are
 * untrusted: every failure to compile is caught and reported, never thrown.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { childPath, pointerToPath } from '../content/json-path.ts';
import { defaultDialect, detectDialect, dialectName, type DialectInfo } from '../schema/detect-dialect.ts';
import { createAjvFor, schemaForEngine } from '../schema/schema-for-engine.ts';

/** One place where the data breaks the schema. */
export interface Violation {
  /** JSON path of the offending value (`$.humidity`). */
  path: string;
  message: string;
}

/** The outcome of validating structured output; `dialect` says how the schema was read. */
export type OutputValidation =
  | { kind: 'valid'; dialect: DialectInfo }
  | { kind: 'invalid'; dialect: DialectInfo; violations: Violation[] }
  | { kind: 'compile-error'; message: string; dialect?: DialectInfo }
  | { kind: 'validator-failed'; message: string };

/** Guards against schemas built to make compilation itself hang or overflow the stack. */
const MAX_SCHEMA_NODES = 20_000;
const MAX_SCHEMA_DEPTH = 64;

type Compiled =
  { dialect: DialectInfo; validate: ValidateFunction } | { error: string; dialect?: DialectInfo };

// Keyed by the schema object from tools/list (which stays the same until the list is refreshed), then by the
// revision's default dialect.
const compiledBySchema = new WeakMap<object, Map<string, Compiled>>();

/**
 * Validates `data` against `schema`, compiling (and caching) the schema first. The dialect comes from
 * `$schema`, else from the negotiated `revision`, exactly as for input schemas.
 */
export function validateOutput(schema: unknown, data: unknown, revision?: string): OutputValidation {
  const compiled = compileCached(schema, revision);
  if ('error' in compiled)
    return { kind: 'compile-error', message: compiled.error, dialect: compiled.dialect };
  try {
    if (compiled.validate(data)) return { kind: 'valid', dialect: compiled.dialect };
    const violations = (compiled.validate.errors ?? []).map((error) => describeError(error, data));
    return { kind: 'invalid', dialect: compiled.dialect, violations };
  } catch (error) {
    return { kind: 'validator-failed', message: errorMessage(error) };
  }
}

function compileCached(schema: unknown, revision: string | undefined): Compiled {
  if (typeof schema !== 'object' || schema === null) return compile(schema, revision);
  const byDefault = compiledBySchema.get(schema) ?? new Map<string, Compiled>();
  compiledBySchema.set(schema, byDefault);
  let compiled = byDefault.get(defaultDialect(revision));
  if (!compiled) {
    compiled = compile(schema, revision);
    byDefault.set(defaultDialect(revision), compiled);
  }
  return compiled;
}

function compile(schema: unknown, revision: string | undefined): Compiled {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return { error: `outputSchema must be an object, got ${JSON.stringify(schema)?.slice(0, 80)}` };
  }
  const dialect = detectDialect(schema, revision);
  const oversize = measure(schema);
  if (oversize) return { error: oversize, dialect };
  try {
    // A fresh instance per schema: a hostile $id must not collide with, or poison, another tool's schema.
    // strict: false — servers' schemas often carry extra keywords; they must not fail validation.
    const ajv = createAjvFor(dialect, { allErrors: true, strict: false, logger: false });
    return { dialect, validate: ajv.compile(schemaForEngine(schema, dialect) as object) };
  } catch (error) {
    return { error: `not valid ${dialectName(dialect.dialect)}: ${errorMessage(error)}`, dialect };
  }
}

/** Why the schema is too big to compile safely, or undefined. */
function measure(schema: object): string | undefined {
  let nodes = 0;
  const stack: [unknown, number][] = [[schema, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (++nodes > MAX_SCHEMA_NODES) return `schema has more than ${MAX_SCHEMA_NODES} nodes`;
    if (depth > MAX_SCHEMA_DEPTH) return `schema is nested deeper than ${MAX_SCHEMA_DEPTH} levels`;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return undefined;
}

function describeError(error: ErrorObject, data: unknown): Violation {
  const path = pointerToPath(error.instancePath, data);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    return { path: childPath(path, params.missingProperty), message: 'is required but missing' };
  }
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return {
      path: childPath(path, params.additionalProperty),
      message: 'is not allowed by the schema (additionalProperties)',
    };
  }
  if (error.keyword === 'unevaluatedProperties' && typeof params.unevaluatedProperty === 'string') {
    return {
      path: childPath(path, params.unevaluatedProperty),
      message: 'is not allowed by the schema (unevaluatedProperties)',
    };
  }
  return { path, message: error.message ?? error.keyword };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
