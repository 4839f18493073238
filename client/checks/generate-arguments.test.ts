import { describe, expect, it } from 'vitest';
import { generateArguments } from './generate-arguments.ts';

describe('generateArguments', () => {
  it('fills required fields with values of their type, and fields with defaults', () => {
    const schema = {
      type: 'object',
      properties: {
        text: { type: 'string' },
        count: { type: 'integer', minimum: 3 },
        ratio: { type: 'number', exclusiveMaximum: 0 },
        flag: { type: 'boolean' },
        mode: { type: 'string', default: 'fast' },
        optional: { type: 'string' },
      },
      required: ['text', 'count', 'ratio', 'flag'],
    };
    expect(generateArguments(schema)).toEqual({
      text: 'test',
      count: 3,
      ratio: -1,
      flag: true,
      mode: 'fast',
    });
  });

  it('prefers const, enum and examples to invented values', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { const: 'fixed' },
        b: { type: 'string', enum: ['x', 'y'] },
        c: { type: 'string', examples: ['sample'] },
      },
      required: ['a', 'b', 'c'],
    };
    expect(generateArguments(schema)).toEqual({ a: 'fixed', b: 'x', c: 'sample' });
  });

  it('follows nested objects, arrays with minItems, formats and lengths', () => {
    const schema = {
      type: 'object',
      properties: {
        user: {
          type: 'object',
          properties: { email: { type: 'string', format: 'email' }, id: { type: 'string', format: 'uuid' } },
          required: ['email', 'id'],
        },
        tags: { type: 'array', items: { type: 'string', minLength: 6 }, minItems: 2 },
        code: { type: 'string', maxLength: 2 },
      },
      required: ['user', 'tags', 'code'],
    };
    expect(generateArguments(schema)).toEqual({
      user: { email: 'test@example.com', id: '00000000-0000-4000-8000-000000000000' },
      tags: ['testxx', 'testxx'],
      code: 'te',
    });
  });

  it('resolves local $ref, takes the first non-null anyOf branch and merges allOf', () => {
    const schema = {
      type: 'object',
      $defs: { point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } },
      properties: {
        where: { $ref: '#/$defs/point' },
        maybe: { anyOf: [{ type: 'null' }, { type: 'integer', multipleOf: 5 }] },
        both: { allOf: [{ properties: { a: { type: 'string' } }, required: ['a'] }, { required: ['b'] }] },
      },
      required: ['where', 'maybe', 'both'],
    };
    expect(generateArguments(schema)).toEqual({ where: { x: 1 }, maybe: 5, both: { a: 'test', b: 'test' } });
  });

  it('never throws on odd schemas and always gives an object', () => {
    for (const odd of [undefined, null, 7, 'x', [], true, { type: 'string' }, { $ref: 'https://x/y' }])
      expect(typeof generateArguments(odd)).toBe('object');
    const loop: Record<string, unknown> = { type: 'object', required: ['self'] };
    loop.properties = { self: { $ref: '#' } };
    expect(() => generateArguments(loop)).not.toThrow();
  });
});
