import { describe, expect, it } from 'vitest';
import { pointerSegments, problemsToErrorTree } from './problems-to-error-schema.ts';

describe('problemsToErrorTree', () => {
  it('nests messages under their pointer and leaves required and root errors to the list', () => {
    expect(
      problemsToErrorTree([
        { path: '/customer/email', message: 'must match format "email"' },
        { path: '/items/0/quantity', message: 'must be >= 1' },
        { path: '/items/0/quantity', message: 'must be integer' },
        { path: '/customer/name', message: 'is required' },
        { path: '', message: 'must match exactly one schema in oneOf' },
      ]),
    ).toEqual({
      customer: { email: { __errors: ['must match format "email"'] } },
      items: { 0: { quantity: { __errors: ['must be >= 1', 'must be integer'] } } },
    });
  });

  it('unescapes pointer segments and never touches the prototype', () => {
    expect(pointerSegments('/a~1b/c~0d')).toEqual(['a/b', 'c~d']);
    const tree = problemsToErrorTree([{ path: '/__proto__/x', message: 'bad' }]);
    expect(Object.getPrototypeOf(tree)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).__errors).toBeUndefined();
  });
});
