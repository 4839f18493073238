import type { ElicitRequestFormParams } from '@modelcontextprotocol/sdk/types.js';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

/** An elicitation's requestedSchema made ready for an rjsf form. */
export interface ElicitationForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
}

type PropertySchema = Record<string, unknown>;

/**
 * Adapts an elicitation's flat schema of primitives to rjsf. The spec's enum shapes need help:
 * legacy `enumNames` become titled `oneOf` options (rjsf reads titles from there), and arrays of
 * enum values become multi-selects (rjsf wants `uniqueItems`, which the spec's shape omits).
 * The server still receives content checked only against its own schema's meaning.
 */
export function toElicitationForm(requested: ElicitRequestFormParams['requestedSchema']): ElicitationForm {
  const properties: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema = {};
  for (const [name, raw] of Object.entries(requested.properties ?? {})) {
    const property = { ...(raw as PropertySchema) };
    if (property.type === 'array' && isChoiceList(property.items)) {
      property.uniqueItems = true;
      uiSchema[name] = { 'ui:widget': 'checkboxes' };
    }
    if (Array.isArray(property.enum) && Array.isArray(property.enumNames)) {
      const titles = property.enumNames as unknown[];
      property.oneOf = (property.enum as unknown[]).map((value, index) => ({
        const: value,
        title: typeof titles[index] === 'string' ? titles[index] : String(value),
      }));
      delete property.enum;
      delete property.enumNames;
    }
    properties[name] = property as RJSFSchema;
  }
  return {
    schema: {
      type: 'object',
      properties,
      ...(Array.isArray(requested.required) ? { required: requested.required } : {}),
    },
    uiSchema,
  };
}

/** True for array items that are a closed list of values (enum, or titled consts). */
function isChoiceList(items: unknown): boolean {
  if (typeof items !== 'object' || items === null) return false;
  const schema = items as PropertySchema;
  if (Array.isArray(schema.enum)) return true;
  const options = schema.anyOf ?? schema.oneOf;
  return (
    Array.isArray(options) &&
    options.length > 0 &&
    options.every((option) => typeof option === 'object' && option !== null && 'const' in option)
  );
}
