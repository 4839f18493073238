import { describe, expect, it } from 'vitest';
import { refDisplayName, resolveLocalRef } from './resolve-ref.ts';

const root = {
  $defs: {
    'a/b': { type: 'string' },
    'til~de': { type: 'number' },
    anchored: { $anchor: 'spot', type: 'boolean' },
  },
  definitions: { list: [{ type: 'null' }] },
};

describe('resolveLocalRef', () => {
  it('follows JSON pointers with escapes and percent-encoding', () => {
    expect(resolveLocalRef(root, '#/$defs/a~1b')).toEqual({ found: true, schema: { type: 'string' } });
    expect(resolveLocalRef(root, '#/$defs/til~0de')).toEqual({ found: true, schema: { type: 'number' } });
    expect(resolveLocalRef(root, '#/%24defs/a~1b')).toEqual({ found: true, schema: { type: 'string' } });
    expect(resolveLocalRef(root, '#/definitions/list/0')).toEqual({ found: true, schema: { type: 'null' } });
  });

  it('resolves "#" to the root and anchors by name', () => {
    expect(resolveLocalRef(root, '#')).toEqual({ found: true, schema: root });
    expect(resolveLocalRef(root, '#spot')).toMatchObject({ found: true, schema: { type: 'boolean' } });
  });

  it('refuses what is not inside the document', () => {
    expect(resolveLocalRef(root, 'https://example.com/s.json')).toMatchObject({ found: false });
    expect(resolveLocalRef(root, '#/$defs/missing')).toMatchObject({ found: false });
    expect(resolveLocalRef(root, '#/__proto__')).toMatchObject({ found: false });
    expect(resolveLocalRef(root, '#/%E0%A4%A')).toMatchObject({ found: false });
  });

  it('names a reference after its last segment', () => {
    expect(refDisplayName('#/$defs/Address')).toBe('Address');
    expect(refDisplayName('#')).toBe('root');
  });
});
