/**
 * The loose JSON Schema shapes this folder works on. Tool schemas come from arbitrary servers, so nothing here
 * assumes a keyword has the type the specification gives it: every reader checks before it trusts.
 */

import { isRecord } from '#shared/untrusted-json.ts';

/** A JSON Schema object (the non-boolean form), as received: any keyword may hold any JSON value. */
export type SchemaObject = Record<string, unknown>;

/** True for a plain JSON object (not an array, not null). */
export const isSchemaObject: (value: unknown) => value is SchemaObject = isRecord;

/** The `type` keyword as a list of type names, or undefined when absent or malformed. */
export function typeList(schema: SchemaObject): string[] | undefined {
  const { type } = schema;
  if (typeof type === 'string') return [type];
  // An empty list is malformed (the meta-schema asks for at least one type) and is treated like a missing `type`.
  if (Array.isArray(type) && type.length > 0 && type.every((entry) => typeof entry === 'string')) {
    return type as string[];
  }
  return undefined;
}

/** The JSON Schema primitive type names; anything else in `type` is not a type a form can edit. */
export const KNOWN_TYPES: ReadonlySet<string> = new Set([
  'string',
  'number',
  'integer',
  'boolean',
  'object',
  'array',
  'null',
]);
