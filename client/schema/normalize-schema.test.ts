import { describe, expect, it, vi } from 'vitest';
import { corpusSchema, schemaCorpus } from '../../test/fixtures/schema/schema-corpus.ts';
import { at, countObjects, pathsOfKey } from '../../test/fixtures/schema/inspect-schema.ts';
import { createAjv, createFormValidator } from './create-ajv.ts';
import { takesNoArguments } from './is-no-params.ts';
import { DEFAULT_LIMITS } from './normalize-node.ts';
import { normalizeToolSchema } from './normalize-schema.ts';
import { ANY_VALUE_MARK, NULLABLE_MARK } from './schema-markers.ts';

const formSchema = (name: string) => {
  const result = normalizeToolSchema(corpusSchema(name));
  if (!result.schema) throw new Error(`no form for ${name}: ${result.fallbackReason}`);
  return result.schema;
};

describe('normalizeToolSchema over the corpus', () => {
  it('holds at least 25 schemas', () => {
    expect(schemaCorpus.length).toBeGreaterThanOrEqual(25);
  });

  describe.each(schemaCorpus)('$name', ({ schema, expect: expected }) => {
    // Not timed (a loaded machine fails timed assertions): the test's timeout bounds a hang; speed is `npm run bench`.
    it('normalises without throwing to the expected outcome', () => {
      const result = normalizeToolSchema(schema);
      if (expected === 'no-params') expect(takesNoArguments(schema)).toBe(true);
      else expect(takesNoArguments(schema)).toBe(false);
      if (expected === 'fallback') {
        expect(result.schema).toBeUndefined();
        expect(result.fallbackReason).toMatch(/\S/);
      } else {
        expect(result.fallbackReason).toBeUndefined();
        expect(result.schema?.type).toBe('object');
      }
    });

    it('leaves a finite schema with no references for rjsf', () => {
      const { schema: normalized } = normalizeToolSchema(schema);
      if (!normalized) return;
      for (const key of ['$ref', '$defs', 'definitions', '$id', '$schema', 'prefixItems']) {
        expect(pathsOfKey(normalized, key)).toEqual([]);
      }
      expect(countObjects(normalized)).toBeLessThan(DEFAULT_LIMITS.maxNodes * 4);
    });

    it('is a valid schema of the reported dialect, and rjsf’s validator accepts it', () => {
      const { schema: normalized, dialect } = normalizeToolSchema(schema);
      if (!normalized) return;
      // Strictly, meta-schema included (the form's own validator skips that check, see create-ajv.ts).
      expect(() => createAjv(dialect).compile(normalized)).not.toThrow();
      const validator = createFormValidator(dialect);
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        validator.isValid(normalized, {}, normalized);
        expect(warn).not.toHaveBeenCalled();
      } finally {
        warn.mockRestore();
      }
    });
  });
});

describe('normalizeToolSchema specifics', () => {
  it('renders nullable fields with a null toggle, whatever the spelling', () => {
    const demo = formSchema('demo create_order (MCP SDK + zod 4)');
    expect(at(demo, 'properties.notes')).toMatchObject({ type: ['string', 'null'], [NULLABLE_MARK]: true });
    const pydantic = formSchema('pydantic v2 model with Optional fields');
    expect(at(pydantic, 'properties.age')).toMatchObject({
      type: ['integer', 'null'],
      minimum: 0,
      title: 'Age',
    });
    expect(at(pydantic, 'properties.address')).toMatchObject({
      type: ['object', 'null'],
      title: 'Address',
      default: null,
      [NULLABLE_MARK]: true,
    });
    expect(at(pydantic, 'properties.address.properties.zip')).toMatchObject({ [NULLABLE_MARK]: true });
    const zod = formSchema('zod-to-json-schema (draft-07, definitions, relative $ref)');
    expect(at(zod, 'properties.contact')).toMatchObject({ type: ['object', 'null'], [NULLABLE_MARK]: true });
  });

  it('names union options after their discriminator or definition', () => {
    const demo = formSchema('demo create_order (MCP SDK + zod 4)');
    expect(at(demo, 'properties.shipping.oneOf.0.title')).toBe('standard');
    expect(at(demo, 'properties.shipping.oneOf.1.title')).toBe('express');
    const pets = formSchema('pydantic discriminated union');
    expect(at(pets, 'properties.pet.oneOf.0.title')).toBe('Cat');
    expect(at(pets, 'properties.pet.discriminator')).toMatchObject({ propertyName: 'pet_type' });
    const actions = formSchema('const discriminators without titles');
    expect(at(actions, 'properties.action.oneOf.1.title')).toBe('delete');
  });

  it('shows const values read-only', () => {
    const demo = formSchema('demo create_order (MCP SDK + zod 4)');
    expect(at(demo, 'properties.shipping.oneOf.1.properties.method')).toMatchObject({
      const: 'express',
      readOnly: true,
    });
  });

  it('inlines references, relative ones included', () => {
    const zod = formSchema('zod-to-json-schema (draft-07, definitions, relative $ref)');
    expect(at(zod, 'properties.shipping.properties.country.enum')).toEqual(['PT', 'FR', 'DE']);
    const siblings = formSchema('$ref with sibling keywords (2020-12)');
    expect(at(siblings, 'properties.from.description')).toBe('Start point');
    expect(at(siblings, 'properties.to')).toMatchObject({ required: ['x'], allOf: [{ type: 'object' }] });
  });

  it('cuts recursion after a few levels and edits the rest as JSON', () => {
    const tree = formSchema('recursive tree ($defs)');
    const cut = pathsOfKey(tree, ANY_VALUE_MARK).map((path) => at(tree, path));
    expect(cut).toContain('Recursive node: edited as JSON');
    expect(
      at(tree, 'properties.root.properties.children.items.properties.children.items.properties.label'),
    ).toEqual({ type: 'string' });
    const list = formSchema('linked list (draft-07 definitions, required recursion)');
    expect(at(list, 'properties.head.properties.next.properties.next.properties.next')).toMatchObject({
      [ANY_VALUE_MARK]: 'Recursive cell: edited as JSON',
    });
  });

  it('cuts nesting at the depth limit', () => {
    const deep = formSchema('hostile: 200 levels deep');
    const marks = pathsOfKey(deep, ANY_VALUE_MARK);
    expect(marks).toHaveLength(1);
    expect(at(deep, marks[0]!)).toBe('Nested too deeply for the form');
    expect(marks[0]!.split('.properties.').length - 1).toBeLessThanOrEqual(DEFAULT_LIMITS.maxDepth);
  });

  it('bounds exponential reference fan-out and says so', () => {
    const result = normalizeToolSchema(corpusSchema('hostile: exponential refs'));
    expect(result.notes).toContain('The schema is very large: parts of the form are edited as JSON.');
    expect(countObjects(result.schema)).toBeLessThan(DEFAULT_LIMITS.maxNodes * 4);
  });

  it('writes tuples the way rjsf reads them and switches rjsf to draft-07 for it', () => {
    const result = normalizeToolSchema(corpusSchema('tuple with prefixItems (2020-12)'));
    expect(result.dialect).toBe('draft-07');
    expect(at(result.schema, 'properties.point')).toMatchObject({
      items: [{ type: 'number' }, { type: 'number' }],
      additionalItems: false,
    });
  });

  it('gives open containers an editor and splits multi-type fields', () => {
    const maps = formSchema('additionalProperties maps');
    expect(at(maps, 'properties.headers.additionalProperties')).toEqual({ type: 'string' });
    expect(at(maps, `properties.metadata.additionalProperties.${ANY_VALUE_MARK}`)).toBe('Any JSON value');
    const multi = formSchema('multi-type and OpenAPI nullable');
    expect(at(multi, 'properties.id.anyOf')).toEqual([
      { type: 'string', title: 'string' },
      { type: 'integer', title: 'integer' },
    ]);
    expect(at(multi, 'properties.maybe')).toEqual({ type: ['string', 'null'], [NULLABLE_MARK]: true });
  });

  it('turns enums of objects into titled const options and drops null from enums', () => {
    const enums = formSchema('enum of objects and null');
    expect(at(enums, 'properties.preset.oneOf.0')).toMatchObject({
      const: { w: 640, h: 480 },
      title: '{"w":640,"h":480}',
    });
    expect(at(enums, 'properties.preset')).toMatchObject({ [NULLABLE_MARK]: true });
    const strict = formSchema('openai strict-mode style');
    expect(at(strict, 'properties.unit.enum')).toEqual(['celsius', 'fahrenheit']);
  });

  it('makes hostile input harmless', () => {
    const titles = formSchema('hostile: non-string titles and descriptions');
    expect(titles.title).toBeUndefined();
    expect(at(titles, 'properties.a')).toEqual({ type: 'string' });
    const proto = normalizeToolSchema(corpusSchema('hostile: __proto__ property'));
    expect(Object.keys(at(proto.schema, 'properties') as object)).toEqual(['constructor', 'toString']);
    expect(proto.notes[0]).toMatch(/__proto__/);
    expect(at(formSchema('hostile: minItems 100000'), 'properties.many.minItems')).toBeUndefined();
    const malformed = formSchema('hostile: malformed keywords');
    expect(at(malformed, 'required')).toBeUndefined();
    expect(at(malformed, `properties.e.${ANY_VALUE_MARK}`)).toBe('Unknown type "unknown-type"');
    expect(at(malformed, 'properties.g')).toBeUndefined();
    expect(at(malformed, 'properties.b.type')).toBeUndefined();
  });

  it('explains every fallback', () => {
    expect(normalizeToolSchema(true).fallbackReason).toBe(
      'The input schema is true, not a JSON Schema object.',
    );
    expect(normalizeToolSchema({ type: 'array' }).fallbackReason).toMatch(/always a JSON object/);
    expect(normalizeToolSchema(corpusSchema('external root $ref')).fallbackReason).toMatch(/cannot resolve/);
    expect(
      normalizeToolSchema({ $ref: '#/$defs/s', $defs: { s: { type: 'string' } } }).fallbackReason,
    ).toMatch(/resolves to string/);
  });

  it('wraps a root that only implies an object', () => {
    expect(formSchema('root anyOf without type').type).toBe('object');
  });

  it('returns the same result for the same schema object', () => {
    const schema = corpusSchema('github create_issue');
    expect(normalizeToolSchema(schema)).toBe(normalizeToolSchema(schema));
  });
});
