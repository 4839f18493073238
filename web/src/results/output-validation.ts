/**
 * Validates structuredContent against a tool's outputSchema with Ajv. This module is loaded with a
 * dynamic import so Ajv stays out of the initial bundle. Schemas come from the server and are
 * untrusted: every failure to compile is caught and reported, never thrown.
 */
import Ajv from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { childPath, pointerToPath } from './json-path.ts';
import { chooseDialect, type SchemaDialect } from './schema-dialect.ts';

/** One place where the data breaks the schema. */
export interface Violation {
  /** JSON path of the offending value (`$.humidity`). */
  path: string;
  message: string;
}

/** The outcome of validating structured output. */
export type OutputValidation =
  | { kind: 'valid'; dialect: SchemaDialect }
  | { kind: 'invalid'; dialect: SchemaDialect; violations: Violation[] }
  | { kind: 'compile-error'; message: string }
  | { kind: 'validator-failed'; message: string };

/** Guards against schemas built to make compilation itself hang or overflow the stack. */
const MAX_SCHEMA_NODES = 20_000;
const MAX_SCHEMA_DEPTH = 64;

const CANONICAL_META: Record<SchemaDialect, string> = {
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
};

type Compiled = { dialect: SchemaDialect; validate: ValidateFunction } | { error: string };

// Keyed by the schema object from tools/list, which stays the same until the list is refreshed.
const compiledBySchema = new WeakMap<object, Compiled>();

/** Validates `data` against `schema`, compiling (and caching) the schema first. */
export function validateOutput(schema: unknown, data: unknown): OutputValidation {
  const compiled = compileCached(schema);
  if ('error' in compiled) return { kind: 'compile-error', message: compiled.error };
  try {
    if (compiled.validate(data)) return { kind: 'valid', dialect: compiled.dialect };
    const violations = (compiled.validate.errors ?? []).map((error) => describeError(error, data));
    return { kind: 'invalid', dialect: compiled.dialect, violations };
  } catch (error) {
    return { kind: 'validator-failed', message: errorMessage(error) };
  }
}

function compileCached(schema: unknown): Compiled {
  if (typeof schema !== 'object' || schema === null) return compile(schema);
  let compiled = compiledBySchema.get(schema);
  if (!compiled) {
    compiled = compile(schema);
    compiledBySchema.set(schema, compiled);
  }
  return compiled;
}

function compile(schema: unknown): Compiled {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return { error: `outputSchema must be an object, got ${JSON.stringify(schema)?.slice(0, 80)}` };
  }
  const choice = chooseDialect(schema);
  if (!choice.ok)
    return { error: `unsupported $schema ${choice.declared} (supported: 2020-12, 2019-09, draft-07)` };
  const oversize = measure(schema);
  if (oversize) return { error: oversize };
  try {
    // A fresh instance per schema: a hostile $id must not collide with, or poison, another tool's schema.
    const ajv = createAjv(choice.dialect);
    // Aliases such as "https://…/draft-07/schema" are pointed at the meta-schema Ajv knows.
    const normalized = { ...schema, $schema: CANONICAL_META[choice.dialect] };
    return { dialect: choice.dialect, validate: ajv.compile(normalized) };
  } catch (error) {
    return { error: errorMessage(error) };
  }
}

function createAjv(dialect: SchemaDialect): Ajv {
  // strict: false — servers' schemas often carry extra keywords; they must not fail validation.
  const options = { allErrors: true, strict: false, logger: false } as const;
  const ajv =
    dialect === '2020-12'
      ? new Ajv2020(options)
      : dialect === '2019-09'
        ? new Ajv2019(options)
        : new Ajv(options);
  addFormats(ajv);
  return ajv;
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
