import { describe, expect, it } from 'vitest';
import { detectDialect } from './detect-dialect.ts';
import { createAjvFor, engineNote, schemaForEngine } from './schema-for-engine.ts';

const DRAFT_04 = 'http://json-schema.org/draft-04/schema#';

describe('schemaForEngine', () => {
  it('rewrites draft-04 to its draft-07 meaning in every subschema, leaving property names alone', () => {
    const schema = {
      $schema: DRAFT_04,
      id: 'urn:root',
      type: 'object',
      properties: {
        id: { type: 'string' },
        n: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 9, exclusiveMaximum: false },
        list: { type: 'array', items: [{ type: 'integer', maximum: 3, exclusiveMaximum: true, const: 1 }] },
      },
      definitions: { x: { anyOf: [{ contains: {} }] } },
    };
    const converted = schemaForEngine(schema, detectDialect(schema));
    expect(converted).toEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: 'urn:root',
      type: 'object',
      properties: {
        id: { type: 'string' },
        n: { type: 'number', exclusiveMinimum: 0, maximum: 9 },
        list: { type: 'array', items: [{ type: 'integer', exclusiveMaximum: 3 }] },
      },
      definitions: { x: { anyOf: [{}] } },
    });
    expect(schema.properties.n.exclusiveMinimum).toBe(true); // not mutated
    expect(engineNote(detectDialect(schema))).toMatch(/draft-04/);
  });

  it('compiles draft-06 with its own meta-schema', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-06/schema#',
      type: 'object',
      then: { required: ['x'] },
    };
    const info = detectDialect(schema);
    const validate = createAjvFor(info).compile(schemaForEngine(schema, info) as object);
    expect(validate({})).toBe(true);
  });

  it('canonicalises a known $schema spelling and drops an unknown one', () => {
    const alias = { $schema: 'https://json-schema.org/draft-07/schema', type: 'object' };
    expect(schemaForEngine(alias, detectDialect(alias))).toEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
    });
    const unknown = { $schema: 'urn:x', type: 'object' };
    expect(schemaForEngine(unknown, detectDialect(unknown))).toEqual({ type: 'object' });
    expect(schemaForEngine(true, detectDialect(true))).toBe(true);
  });
});
