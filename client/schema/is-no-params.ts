import { isSchemaObject, typeList } from './schema-types.ts';

// Keywords that, at the root, let arguments have some shape worth a form.
const SHAPE_KEYWORDS = [
  'additionalProperties',
  'patternProperties',
  'oneOf',
  'anyOf',
  'allOf',
  '$ref',
  'if',
  'dependentSchemas',
  'dependencies',
];

/**
 * True when a tool takes no arguments, so the panel shows a note instead of an empty form: no properties and no
 * other keyword that could describe arguments. `{type:'object'}`, `{type:'object', properties:{}}`,
 * `{type:'object', additionalProperties:false}` and `{}` all qualify (an open object with nothing declared is how
 * SDKs spell "no parameters").
 */
export function takesNoArguments(schema: unknown): boolean {
  if (!isSchemaObject(schema)) return false;
  const types = typeList(schema);
  if (types && !types.includes('object')) return false;
  const { properties } = schema;
  if (isSchemaObject(properties) && Object.keys(properties).length > 0) return false;
  if (properties !== undefined && !isSchemaObject(properties)) return false;
  return SHAPE_KEYWORDS.every((keyword) => {
    const value = schema[keyword];
    if (value === undefined) return true;
    // `additionalProperties: false` and `true` add no fields a form could show.
    return keyword === 'additionalProperties' && typeof value === 'boolean';
  });
}
