import Ajv, { type Options } from 'ajv';
import Ajv2019 from 'ajv/dist/2019.js';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { EngineDialect } from './detect-dialect.ts';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';

/**
 * The Ajv class for each dialect. The classes differ in their meta-schema and in keywords whose meaning changed
 * (`items` as an array, `$recursiveRef` vs `$dynamicRef`), so a draft-07 schema compiled by Ajv2020 fails and
 * vice versa.
 */
export const AJV_CLASSES: Record<EngineDialect, typeof Ajv> = {
  'draft-07': Ajv,
  'draft-2019-09': Ajv2019 as unknown as typeof Ajv,
  'draft-2020-12': Ajv2020 as unknown as typeof Ajv,
};

/**
 * Options for validating arguments: every error rather than the first, unknown keywords and formats tolerated
 * (`strict: false`: tool schemas are full of vendor extensions) and not logged, and `discriminator` off because
 * Ajv's implementation rejects the `mapping` that pydantic emits; `oneOf` still validates the union.
 */
export const ARGUMENTS_AJV_OPTIONS: Options = {
  allErrors: true,
  strict: false,
  discriminator: false,
  logger: false,
};

/** A new Ajv for a dialect, with the standard formats (date-time, email, uri, uuid…). */
export function createAjv(dialect: EngineDialect, options: Options = ARGUMENTS_AJV_OPTIONS): Ajv {
  const ajv = new AJV_CLASSES[dialect](options);
  addFormats(ajv);
  return ajv;
}

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
