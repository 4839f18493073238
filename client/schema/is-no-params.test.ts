import { describe, expect, it } from 'vitest';
import { takesNoArguments } from './is-no-params.ts';

describe('takesNoArguments', () => {
  it.each([
    [{}],
    [{ type: 'object' }],
    [{ type: 'object', properties: {} }],
    [{ type: 'object', additionalProperties: false }],
    [{ type: 'object', properties: {}, additionalProperties: true, $schema: 'x' }],
  ])('is true for %j', (schema) => {
    expect(takesNoArguments(schema)).toBe(true);
  });

  it.each([
    [{ type: 'object', properties: { a: { type: 'string' } } }],
    [{ type: 'object', additionalProperties: { type: 'string' } }],
    [{ type: 'object', oneOf: [{ properties: { a: {} } }] }],
    [{ type: 'object', $ref: '#/$defs/x' }],
    [{ type: 'string' }],
    [true],
    [null],
    [{ properties: 'nonsense' }],
  ])('is false for %j', (schema) => {
    expect(takesNoArguments(schema)).toBe(false);
  });
});
