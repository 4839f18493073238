import { refDisplayName } from './resolve-ref.ts';
import { REF_NAME_MARK } from './schema-markers.ts';
import { isSchemaObject, typeList, type SchemaObject } from './schema-types.ts';

const MAX_LABEL = 48;

/**
 * Gives every `oneOf`/`anyOf` option a title, because the form's chooser otherwise reads "Option 1, Option 2".
 * The title comes from, in order: a `const` property (the discriminator of a tagged union, e.g. "express"),
 * the option's own `const`, the name of the `$ref` it came from, its description, its type.
 * Options that already have a title keep it; repeated labels get a number.
 */
export function titleUnionOptions(options: unknown[]): unknown[] {
  const labels = options.map((option, index) =>
    isSchemaObject(option) && typeof option.title === 'string' ? option.title : guessLabel(option, index),
  );
  const seen = new Map<string, number>();
  return options.map((option, index) => {
    if (!isSchemaObject(option) || typeof option.title === 'string') return option;
    const label = labels[index]!;
    const count = labels.filter((other) => other === label).length;
    const occurrence = (seen.get(label) ?? 0) + 1;
    seen.set(label, occurrence);
    return { ...option, title: count > 1 ? `${label} (${occurrence})` : label };
  });
}

function guessLabel(option: unknown, index: number): string {
  if (!isSchemaObject(option)) return `Option ${index + 1}`;
  const discriminator = constProperty(option);
  if (discriminator !== undefined) return discriminator;
  if ('const' in option) return shorten(JSON.stringify(option.const) ?? 'const');
  if (typeof option[REF_NAME_MARK] === 'string') return refDisplayName(option[REF_NAME_MARK]);
  if (typeof option.description === 'string' && option.description.trim()) {
    return shorten(option.description.trim().split(/\n|(?<=\.)\s/)[0]!);
  }
  const types = typeList(option);
  if (types) return types.join(' or ');
  if (isSchemaObject(option.properties)) return 'object';
  return `Option ${index + 1}`;
}

function constProperty(option: SchemaObject): string | undefined {
  if (!isSchemaObject(option.properties)) return undefined;
  for (const property of Object.values(option.properties)) {
    if (!isSchemaObject(property)) continue;
    const value = 'const' in property ? property.const : singleEnum(property.enum);
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      return shorten(String(value));
    }
  }
  return undefined;
}

function singleEnum(values: unknown): unknown {
  return Array.isArray(values) && values.length === 1 ? values[0] : undefined;
}

function shorten(text: string): string {
  return text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text;
}
