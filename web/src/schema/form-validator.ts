import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { AJV_CLASSES } from './create-ajv.ts';
import type { EngineDialect } from './detect-dialect.ts';

/**
 * The validator rjsf uses internally (to pick the matching `oneOf` option, evaluate `if`), built on the Ajv class of
 * the normalised schema's dialect. A fresh one per form: rjsf's validator caches compiled subschemas keyed by their
 * hash and registers the root under a fixed id, so sharing one across tools would only accumulate schemas.
 *
 * Meta-schema checks are off: when matching an object option that has no `properties` (a map), rjsf 6.11 builds
 * `anyOf: []`, which the meta-schema rejects, and every keystroke would log a compile error. The schemas given to
 * this validator are the normaliser's output, and arguments are validated separately, strictly, against the
 * original schema.
 */
export function createFormValidator(dialect: EngineDialect): ValidatorType<unknown, RJSFSchema> {
  return customizeValidator<unknown, RJSFSchema>({
    AjvClass: AJV_CLASSES[dialect],
    ajvOptionsOverrides: { validateSchema: false, logger: false },
  });
}
