import { describe, expect, it } from 'vitest';
import {
  checkToolHeaders,
  decodeHeaderValue,
  encodeHeaderValue,
  isEncodedHeaderValue,
  mcpParamHeaders,
} from './mcp-param-headers.ts';

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});

describe('encodeHeaderValue: the spec examples', () => {
  it.each([
    ['us-west1', 'us-west1'],
    ['Hello, 世界', '=?base64?SGVsbG8sIOS4lueVjA==?='],
    [' padded ', '=?base64?IHBhZGRlZCA=?='],
    ['line1\nline2', '=?base64?bGluZTEKbGluZTI=?='],
    ['=?base64?literal?=', '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?='],
  ])('%j → %s', (value, encoded) => {
    expect(encodeHeaderValue(value)).toBe(encoded);
    expect(decodeHeaderValue(encoded)).toBe(value);
  });

  it('keeps inner spaces and plain punctuation, encodes tabs and edge whitespace', () => {
    expect(encodeHeaderValue('a b,c;d')).toBe('a b,c;d');
    expect(encodeHeaderValue('a\tb')).toBe(`=?base64?${btoa('a\tb')}?=`);
    expect(encodeHeaderValue('x ')).toMatch(/^=\?base64\?/);
    expect(encodeHeaderValue('Zürich')).toBe('=?base64?WsO8cmljaA==?=');
  });

  it('decodes plain values as themselves and refuses broken base64', () => {
    expect(decodeHeaderValue('plain')).toBe('plain');
    expect(decodeHeaderValue('=?base64?%%%?=')).toBeUndefined();
    expect(isEncodedHeaderValue('=?base64?YQ==?=')).toBe(true);
    expect(isEncodedHeaderValue('YQ==')).toBe(false);
  });
});

describe('checkToolHeaders', () => {
  it('finds declarations at the root and in nested objects', () => {
    const check = checkToolHeaders(
      object({
        region: { type: 'string', 'x-mcp-header': 'Region' },
        query: { type: 'string' },
        options: object({ limit: { type: 'integer', 'x-mcp-header': 'Limit' } }),
        dry: { type: ['boolean', 'null'], 'x-mcp-header': 'Dry-Run' },
      }),
    );
    expect(check).toEqual({
      valid: true,
      headers: [
        { name: 'Region', path: ['region'], type: 'string' },
        { name: 'Limit', path: ['options', 'limit'], type: 'integer' },
        { name: 'Dry-Run', path: ['dry'], type: 'boolean' },
      ],
    });
  });

  it('accepts schemas without declarations, and properties named x-mcp-header', () => {
    expect(checkToolHeaders({ type: 'object' })).toEqual({ valid: true, headers: [] });
    expect(checkToolHeaders(object({ 'x-mcp-header': { type: 'string' } }))).toEqual({
      valid: true,
      headers: [],
    });
    expect(checkToolHeaders(object({ a: { type: 'object', default: { 'x-mcp-header': 'X' } } })).valid).toBe(
      true,
    );
  });

  it.each([
    ['an empty name', object({ a: { type: 'string', 'x-mcp-header': '' } }), /is empty/],
    [
      'a name with a space',
      object({ a: { type: 'string', 'x-mcp-header': 'Bad Header' } }),
      /not an HTTP token/,
    ],
    [
      'a control character',
      object({ a: { type: 'string', 'x-mcp-header': 'A\r\nB' } }),
      /control characters/,
    ],
    ['a name that is not a string', object({ a: { type: 'string', 'x-mcp-header': 7 } }), /not a string/],
    [
      'the same name twice in other case',
      object({
        a: { type: 'string', 'x-mcp-header': 'Region' },
        b: { type: 'string', 'x-mcp-header': 'region' },
      }),
      /declared twice/,
    ],
    [
      'type number',
      object({ a: { type: 'number', 'x-mcp-header': 'N' } }),
      /only string, integer or boolean/,
    ],
    ['an object property', object({ a: object({}, { 'x-mcp-header': 'O' }) }), /only string/],
    ['no type', object({ a: { enum: ['x'], 'x-mcp-header': 'E' } }), /whose type is null/],
    ['two types', object({ a: { type: ['string', 'integer'], 'x-mcp-header': 'T' } }), /only string/],
    ['the root', { type: 'object', 'x-mcp-header': 'Root' }, /schema root/],
    [
      'a property under items',
      object({ list: { type: 'array', items: object({ a: { type: 'string', 'x-mcp-header': 'I' } }) } }),
      /not reachable/,
    ],
    [
      'a property under anyOf',
      object({ a: { anyOf: [{ type: 'string', 'x-mcp-header': 'Any' }] } }),
      /not reachable/,
    ],
    [
      'a definition',
      { ...object({}), $defs: { d: { type: 'string', 'x-mcp-header': 'Def' } } },
      /not reachable/,
    ],
    [
      'a then branch',
      { ...object({}), then: object({ a: { type: 'string', 'x-mcp-header': 'If' } }) },
      /not reachable/,
    ],
  ])('rejects %s', (_label, schema, reason) => {
    const check = checkToolHeaders(schema);
    expect(check.valid).toBe(false);
    expect(check.valid ? '' : check.reason).toMatch(reason);
  });
});

describe('mcpParamHeaders', () => {
  const check = checkToolHeaders(
    object({
      region: { type: 'string', 'x-mcp-header': 'Region' },
      greeting: { type: 'string', 'x-mcp-header': 'Greeting' },
      limit: { type: 'integer', 'x-mcp-header': 'Limit' },
      confirm: { type: 'boolean', 'x-mcp-header': 'Confirm' },
      nested: object({ id: { type: 'integer', 'x-mcp-header': 'Id' } }),
    }),
  );
  const declarations = check.valid ? check.headers : [];

  it('reads each value at its path and encodes it', () => {
    expect(
      mcpParamHeaders(declarations, {
        region: 'us-west1',
        greeting: 'Hello, 世界',
        limit: -7,
        confirm: false,
        nested: { id: 42 },
      }),
    ).toEqual({
      'Mcp-Param-Region': 'us-west1',
      'Mcp-Param-Greeting': '=?base64?SGVsbG8sIOS4lueVjA==?=',
      'Mcp-Param-Limit': '-7',
      'Mcp-Param-Confirm': 'false',
      'Mcp-Param-Id': '42',
    });
  });

  it('omits absent, null and non-primitive values', () => {
    expect(mcpParamHeaders(declarations, { region: null, limit: { n: 1 }, nested: 'x' })).toEqual({});
    expect(mcpParamHeaders(declarations, undefined)).toEqual({});
  });
});
