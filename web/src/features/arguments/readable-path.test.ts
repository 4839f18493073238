import { describe, expect, it } from 'vitest';
import { readablePath } from './readable-path.ts';

describe('readablePath', () => {
  it('reads a JSON Pointer as names, with list positions from 1', () => {
    expect(readablePath('/customer')).toBe('customer');
    expect(readablePath('/items/0/sku')).toBe('items 1 › sku');
    expect(readablePath('/matrix/1/2')).toBe('matrix 2 3');
    expect(readablePath('/shipping/deliverBy')).toBe('shipping › deliverBy');
  });

  it('names the whole arguments, unescapes ~1 and ~0, and shows an empty key', () => {
    expect(readablePath('')).toBe('(arguments)');
    expect(readablePath('/a~1b/c~0d')).toBe('a/b › c~d');
    expect(readablePath('/0')).toBe('0');
    expect(readablePath('/options/')).toBe('options › ""');
  });
});
