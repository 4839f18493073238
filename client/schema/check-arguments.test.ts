import { describe, expect, it } from 'vitest';
import { compileArgumentsChecker } from './check-arguments.ts';
import { corpusSchema } from '../../test/fixtures/schema/schema-corpus.ts';

const order = corpusSchema('demo create_order (MCP SDK + zod 4)');
const validOrder = {
  customer: { name: 'Ada', email: 'ada@example.com' },
  items: [{ sku: 'MUG-1', quantity: 2 }],
  shipping: { method: 'standard' },
};

describe('compileArgumentsChecker', () => {
  it('accepts valid arguments', () => {
    expect(compileArgumentsChecker(order).check(validOrder)).toEqual([]);
  });

  it('points required errors at the missing property', () => {
    expect(compileArgumentsChecker(order).check({})).toEqual([
      { path: '/customer', message: 'is required' },
      { path: '/items', message: 'is required' },
      { path: '/shipping', message: 'is required' },
    ]);
  });

  it('checks formats, bounds and enums', () => {
    const problems = compileArgumentsChecker(order).check({
      ...validOrder,
      customer: { name: 'Ada', email: 'not-an-email' },
      items: [{ sku: 'MUG-1', quantity: 0 }],
      priority: 'whenever',
    });
    expect(problems).toEqual([
      { path: '/customer/email', message: 'must match format "email"' },
      { path: '/items/0/quantity', message: 'must be >= 1' },
      { path: '/priority', message: 'must be one of "low", "normal", "high", "urgent"' },
    ]);
  });

  it('keeps format errors and drops the regex that zod emits beside them', () => {
    const checker = compileArgumentsChecker({
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email', pattern: '^[^@]+@[^@]+$' },
        code: { type: 'string', pattern: `^(${'[a-z]'.repeat(20)})$` },
      },
    });
    expect(checker.check({ email: 'nope', code: 'X' })).toEqual([
      { path: '/email', message: 'must match format "email"' },
      { path: '/code', message: "must match the schema's pattern (104 characters long)" },
    ]);
  });

  it('reports only the chosen option of a tagged union', () => {
    const problems = compileArgumentsChecker(order).check({ ...validOrder, shipping: { method: 'express' } });
    expect(problems).toEqual([{ path: '/shipping/deliverBy', message: 'is required' }]);
  });

  it("falls back to the union's own message when no option stands out", () => {
    const problems = compileArgumentsChecker(order).check({ ...validOrder, shipping: { method: 'drone' } });
    expect(problems).toEqual([{ path: '/shipping', message: 'must match exactly one schema in oneOf' }]);
  });

  it('uses the Ajv class of the dialect', () => {
    const tuple = corpusSchema('tuple with prefixItems (2020-12)');
    expect(compileArgumentsChecker(tuple).schemaError).toBeUndefined();
    expect(compileArgumentsChecker(tuple).check({ point: [1, 2, 3] })).toEqual([
      { path: '/point', message: 'must NOT have more than 2 items' },
    ]);
    const draft07 = corpusSchema('tuple with items array (draft-07)');
    expect(compileArgumentsChecker(draft07).check({ pair: ['a', 'b'] })).toEqual([
      { path: '/pair/1', message: 'must be integer' },
    ]);
  });

  it('flags additional properties and validates recursive schemas', () => {
    const zod = corpusSchema('zod-to-json-schema (draft-07, definitions, relative $ref)');
    expect(compileArgumentsChecker(zod).check({ billing: { line1: 'x' }, extra: 1 })).toEqual([
      { path: '/extra', message: 'is not allowed here' },
    ]);
    const tree = corpusSchema('recursive tree ($defs)');
    const deep = { label: 'a', children: [{ label: 'b', children: [{ label: 'c', children: [{}] }] }] };
    expect(compileArgumentsChecker(tree).check({ root: deep })).toEqual([
      { path: '/root/children/0/children/0/children/0/label', message: 'is required' },
    ]);
  });

  it('reports a schema it cannot compile instead of throwing', () => {
    const checker = compileArgumentsChecker(corpusSchema('external root $ref'));
    expect(checker.schemaError).toMatch(/can't resolve reference/);
    expect(checker.check({})).toEqual([]);
  });

  it('reads a draft-04 schema as draft-04 (converted for Ajv) and still validates', () => {
    const checker = compileArgumentsChecker(corpusSchema('draft-04 $schema (unknown to Ajv)'));
    expect(checker.schemaError).toBeUndefined();
    expect(checker.dialect.dialect).toBe('draft-04');
    expect(checker.check({ q: 1 })).toEqual([{ path: '/q', message: 'must be string' }]);
  });

  it('takes the dialect of a schema without $schema from the negotiated revision', () => {
    const tuple = { type: 'object', properties: { pair: { type: 'array', items: [{ type: 'string' }] } } };
    const old = compileArgumentsChecker(tuple, '2025-06-18');
    expect(old.dialect.dialect).toBe('draft-07');
    expect(old.check({ pair: [1] })).toEqual([{ path: '/pair/0', message: 'must be string' }]);
    const current = compileArgumentsChecker(tuple, '2025-11-25');
    expect(current.dialect.dialect).toBe('draft-2020-12');
    expect(current.schemaError).toMatch(/not valid JSON Schema 2020-12/);
  });
});
