import type { ValidateFunction } from 'ajv';
import { createAjv } from './create-ajv.ts';
import { detectDialect } from './detect-dialect.ts';
import { isSchemaObject } from './schema-types.ts';
import { summarizeErrors, type ArgumentProblem, type RawSchemaError } from './summarize-errors.ts';

/** Validates arguments against one tool's input schema. */
export interface ArgumentsChecker {
  /** Why the schema could not be compiled; `check` then finds nothing. */
  schemaError?: string;
  check(value: unknown): ArgumentProblem[];
}

const cache = new WeakMap<object, ArgumentsChecker>();

/**
 * Compiles a tool's original input schema (not the form's normalised copy) with the Ajv class of its dialect, so
 * the problems listed are the ones the server itself would find. One Ajv per schema: tool schemas from different
 * servers may reuse an `$id`, which a shared instance refuses. Cached per schema object.
 */
export function compileArgumentsChecker(inputSchema: unknown): ArgumentsChecker {
  const cacheable = typeof inputSchema === 'object' && inputSchema !== null;
  const cached = cacheable ? cache.get(inputSchema) : undefined;
  if (cached) return cached;
  const checker = compileUncached(inputSchema);
  if (cacheable) cache.set(inputSchema, checker);
  return checker;
}

function compileUncached(inputSchema: unknown): ArgumentsChecker {
  const info = detectDialect(inputSchema);
  let schema = inputSchema;
  // Ajv refuses a `$schema` it has no meta-schema for; the dialect was already chosen from it.
  if (!info.recognised && isSchemaObject(inputSchema)) {
    const { $schema: _unknown, ...rest } = inputSchema;
    schema = rest;
  }
  let validate: ValidateFunction;
  try {
    validate = createAjv(info.dialect).compile(schema as object | boolean);
  } catch (error) {
    const schemaError = `The input schema is not valid ${info.dialect}: ${(error as Error).message}`;
    return { schemaError, check: () => [] };
  }
  return {
    check(value) {
      if (validate(value)) return [];
      return summarizeErrors((validate.errors ?? []) as RawSchemaError[]);
    },
  };
}
