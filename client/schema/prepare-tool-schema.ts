import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { compileArgumentsChecker, type ArgumentsChecker } from './check-arguments.ts';
import { defaultDialect } from './detect-dialect.ts';
import { createFormValidator } from './create-ajv.ts';
import { takesNoArguments } from './is-no-params.ts';
import { DEFAULT_LIMITS } from './normalize-node.ts';
import { normalizeToolSchema, type NormalizedSchema } from './normalize-schema.ts';

/** Everything the arguments editor derives from a tool's input schema. */
export interface PreparedToolSchema {
  /** The tool takes no arguments: the Form tab shows a note (the JSON tab stays, to send some on purpose). */
  noParams: boolean;
  /** The form's schema, or why there is none. */
  normalized: NormalizedSchema;
  /** Validates arguments against the original schema. */
  checker: ArgumentsChecker;
  /** rjsf's validator for `normalized.schema` (absent when there is no form). */
  formValidator?: ValidatorType<unknown, RJSFSchema>;
}

const cache = new WeakMap<object, Map<string, PreparedToolSchema>>();

/**
 * Normalises, compiles and builds validators for a tool's input schema under the negotiated revision (which
 * decides the dialect of a schema without `$schema`), once per schema object and default dialect: selecting a
 * tool again, or re-rendering, costs nothing.
 */
export function prepareToolSchema(inputSchema: unknown, revision?: string): PreparedToolSchema {
  const cacheable = typeof inputSchema === 'object' && inputSchema !== null;
  const byDefault = cacheable ? cache.get(inputSchema) : undefined;
  const cached = byDefault?.get(defaultDialect(revision));
  if (cached) return cached;
  const normalized = normalizeToolSchema(inputSchema, DEFAULT_LIMITS, revision);
  const prepared: PreparedToolSchema = {
    noParams: takesNoArguments(inputSchema),
    normalized,
    checker: compileArgumentsChecker(inputSchema, revision),
    formValidator: normalized.schema ? createFormValidator(normalized.dialect) : undefined,
  };
  if (cacheable) {
    const entries = byDefault ?? new Map<string, PreparedToolSchema>();
    entries.set(defaultDialect(revision), prepared);
    cache.set(inputSchema, entries);
  }
  return prepared;
}
