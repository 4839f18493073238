import { describe, expect, it } from 'vitest';
import { childPath, pointerToPath } from './json-path.ts';

describe('childPath', () => {
  it('uses dots for identifiers, brackets for the rest', () => {
    expect(childPath('$', 'temperature')).toBe('$.temperature');
    expect(childPath('$', 3)).toBe('$[3]');
    expect(childPath('$', 'odd key')).toBe('$["odd key"]');
    expect(childPath('$', '0')).toBe('$["0"]');
  });
});

describe('pointerToPath', () => {
  it('converts JSON pointers using the data to tell indices from keys', () => {
    const data = { items: [{ name: 'a' }], '0': { 'a/b': 1, 'c~d': 2 } };
    expect(pointerToPath('', data)).toBe('$');
    expect(pointerToPath('/items/0/name', data)).toBe('$.items[0].name');
    expect(pointerToPath('/0/a~1b', data)).toBe('$["0"]["a/b"]');
    expect(pointerToPath('/0/c~0d', data)).toBe('$["0"]["c~d"]');
  });
  it('does not fail on paths the data does not have', () => {
    expect(pointerToPath('/missing/deeper', {})).toBe('$.missing.deeper');
  });
});
