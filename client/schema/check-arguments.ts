import type { ValidateFunction } from 'ajv';
import { defaultDialect, detectDialect, dialectName, type DialectInfo } from './detect-dialect.ts';
import { createAjvFor, schemaForEngine } from './schema-for-engine.ts';
import { summarizeErrors, type ArgumentProblem, type RawSchemaError } from './summarize-errors.ts';

/** Validates arguments against one tool's input schema. */
export interface ArgumentsChecker {
  /** The dialect the schema was read with. */
  dialect: DialectInfo;
  /** Why the schema could not be compiled; `check` then finds nothing. */
  schemaError?: string;
  check(value: unknown): ArgumentProblem[];
}

// Per schema object, then per default dialect (the negotiated revision only matters through it).
const cache = new WeakMap<object, Map<string, ArgumentsChecker>>();

/**
 * Compiles a tool's original input schema (not the form's normalised copy) with the Ajv class of its dialect, so
 * the problems listed are the ones the server itself would find. The dialect comes from `$schema`, else from
 * the negotiated `revision`. One Ajv per schema: tool schemas from different servers may reuse an `$id`, which
 * a shared instance refuses. Cached per schema object.
 */
export function compileArgumentsChecker(inputSchema: unknown, revision?: string): ArgumentsChecker {
  const cacheable = typeof inputSchema === 'object' && inputSchema !== null;
  const byDefault = cacheable ? cache.get(inputSchema) : undefined;
  const cached = byDefault?.get(defaultDialect(revision));
  if (cached) return cached;
  const checker = compileUncached(inputSchema, revision);
  if (cacheable) {
    const entries = byDefault ?? new Map<string, ArgumentsChecker>();
    entries.set(defaultDialect(revision), checker);
    cache.set(inputSchema, entries);
  }
  return checker;
}

function compileUncached(inputSchema: unknown, revision: string | undefined): ArgumentsChecker {
  const dialect = detectDialect(inputSchema, revision);
  let validate: ValidateFunction;
  try {
    validate = createAjvFor(dialect).compile(schemaForEngine(inputSchema, dialect) as object | boolean);
  } catch (error) {
    const schemaError = `The input schema is not valid ${dialectName(dialect.dialect)}: ${(error as Error).message}`;
    return { dialect, schemaError, check: () => [] };
  }
  return {
    dialect,
    check(value) {
      if (validate(value)) return [];
      return summarizeErrors((validate.errors ?? []) as RawSchemaError[]);
    },
  };
}
