import { describe, expect, it } from 'vitest';
import { validateOutput } from './output-validation.ts';

const weather = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    temperature: { type: 'number' },
    conditions: { type: 'string' },
    humidity: { type: 'number' },
  },
  required: ['temperature', 'conditions', 'humidity'],
  additionalProperties: false,
};

describe('validateOutput', () => {
  it('accepts conforming data and names the dialect', () => {
    expect(validateOutput(weather, { temperature: 1, conditions: 'fog', humidity: 50 })).toMatchObject({
      kind: 'valid',
      dialect: { dialect: 'draft-07', source: 'declared' },
    });
  });

  it('lists every violation with a JSON path', () => {
    const result = validateOutput(weather, { temperature: 'warm-ish', conditions: 'sunny', windSpeed: 12 });
    expect(result).toMatchObject({ kind: 'invalid', dialect: { dialect: 'draft-07' } });
    const violations = result.kind === 'invalid' ? result.violations : [];
    expect(violations).toEqual(
      expect.arrayContaining([
        { path: '$.temperature', message: 'must be number' },
        { path: '$.humidity', message: 'is required but missing' },
        { path: '$.windSpeed', message: 'is not allowed by the schema (additionalProperties)' },
      ]),
    );
  });

  it('uses 2020-12 by default (prefixItems) and checks formats', () => {
    const schema = {
      type: 'object',
      properties: {
        pair: { type: 'array', prefixItems: [{ type: 'string' }] },
        when: { format: 'date-time' },
      },
    };
    const result = validateOutput(schema, { pair: [1], when: 'not a date' });
    expect(result).toMatchObject({ kind: 'invalid', dialect: { dialect: 'draft-2020-12' } });
    const paths = result.kind === 'invalid' ? result.violations.map((v) => v.path) : [];
    expect(paths).toEqual(['$.pair[0]', '$.when']);
  });

  it('reports schemas that do not compile instead of throwing', () => {
    expect(validateOutput({ type: 'not-a-type' }, {})).toMatchObject({ kind: 'compile-error' });
    expect(validateOutput({ $ref: '#/$defs/missing' }, {})).toMatchObject({
      kind: 'compile-error',
      message: expect.stringContaining('missing'),
    });
    expect(validateOutput({ type: 'object', pattern: '(' }, 'x')).toMatchObject({ kind: 'compile-error' });
    expect(validateOutput('nope', {})).toMatchObject({ kind: 'compile-error' });
  });

  it('reads a schema without $schema by the negotiated revision: tuple items compile only before 2025-11-25', () => {
    const tuple = { type: 'object', properties: { pair: { type: 'array', items: [{ type: 'string' }] } } };
    expect(validateOutput(tuple, { pair: [1] }, '2025-06-18')).toMatchObject({
      kind: 'invalid',
      dialect: { dialect: 'draft-07', source: 'revision-default' },
      violations: [{ path: '$.pair[0]', message: 'must be string' }],
    });
    expect(validateOutput(tuple, { pair: [1] }, '2025-11-25')).toMatchObject({
      kind: 'compile-error',
      message: expect.stringContaining('not valid JSON Schema 2020-12'),
    });
  });

  it('reads draft-04 and draft-06 as themselves, and reports an unknown $schema', () => {
    const draft04 = {
      $schema: 'http://json-schema.org/draft-04/schema#',
      type: 'object',
      properties: { n: { type: 'number', maximum: 5, exclusiveMaximum: true }, c: { const: 1 } },
    };
    // Boolean exclusiveMaximum is draft-04's; `const` did not exist there, so it constrains nothing.
    expect(validateOutput(draft04, { n: 5, c: 2 })).toMatchObject({
      kind: 'invalid',
      dialect: { dialect: 'draft-04' },
      violations: [{ path: '$.n', message: 'must be < 5' }],
    });
    expect(validateOutput(draft04, { n: 4.9, c: 2 })).toMatchObject({ kind: 'valid' });
    const draft06 = {
      $schema: 'http://json-schema.org/draft-06/schema#',
      type: 'object',
      if: { required: ['a'] },
      then: { required: ['b'] },
      properties: { a: { const: 1 } },
    };
    // if/then came with draft-07; a draft-06 validator ignores them.
    expect(validateOutput(draft06, { a: 1 })).toMatchObject({
      kind: 'valid',
      dialect: { dialect: 'draft-06' },
    });
    expect(validateOutput(draft06, { a: 2 })).toMatchObject({ kind: 'invalid' });
    expect(validateOutput({ $schema: 'urn:custom', type: 'object' }, {}, '2025-11-25')).toMatchObject({
      kind: 'valid',
      dialect: { recognised: false, problem: expect.stringContaining('Unknown $schema') },
    });
  });

  it('refuses absurdly deep schemas before handing them to Ajv', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 200; i++) deep = { type: 'object', properties: { a: deep } };
    expect(validateOutput(deep, {})).toMatchObject({
      kind: 'compile-error',
      message: expect.stringContaining('deeper'),
    });
  });

  it('keeps schemas with the same $id apart', () => {
    const a = { $id: 'https://example.com/same-id', type: 'object', required: ['a'] };
    const b = { $id: 'https://example.com/same-id', type: 'object', required: ['b'] };
    expect(validateOutput(a, { a: 1 })).toMatchObject({ kind: 'valid' });
    expect(validateOutput(b, { a: 1 })).toMatchObject({ kind: 'invalid' });
  });

  // Not timed (a loaded machine fails timed assertions): the test's timeout bounds a hang.
  it('validates 100k keys', () => {
    const data = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i]));
    expect(validateOutput({ type: 'object', additionalProperties: { type: 'number' } }, data)).toMatchObject({
      kind: 'valid',
    });
  });
});
