import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { compileArgumentsChecker, type ArgumentsChecker } from './check-arguments.ts';
import { createFormValidator } from './form-validator.ts';
import { takesNoArguments } from './is-no-params.ts';
import { normalizeToolSchema, type NormalizedSchema } from './normalize-schema.ts';

/** Everything the arguments editor derives from a tool's input schema. */
export interface PreparedToolSchema {
  /** The tool takes no arguments: show a note, not a form. */
  noParams: boolean;
  /** The form's schema, or why there is none. */
  normalized: NormalizedSchema;
  /** Validates arguments against the original schema. */
  checker: ArgumentsChecker;
  /** rjsf's validator for `normalized.schema` (absent when there is no form). */
  formValidator?: ValidatorType<unknown, RJSFSchema>;
}

const cache = new WeakMap<object, PreparedToolSchema>();

/**
 * Normalises, compiles and builds validators for a tool's input schema, once per schema object: selecting a tool
 * again, or re-rendering, costs nothing.
 */
export function prepareToolSchema(inputSchema: unknown): PreparedToolSchema {
  const cacheable = typeof inputSchema === 'object' && inputSchema !== null;
  const cached = cacheable ? cache.get(inputSchema) : undefined;
  if (cached) return cached;
  const normalized = normalizeToolSchema(inputSchema);
  const prepared: PreparedToolSchema = {
    noParams: takesNoArguments(inputSchema),
    normalized,
    checker: compileArgumentsChecker(inputSchema),
    formValidator: normalized.schema ? createFormValidator(normalized.dialect) : undefined,
  };
  if (cacheable) cache.set(inputSchema, prepared);
  return prepared;
}
