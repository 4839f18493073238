import { describe, expect, it } from 'vitest';
import { fieldIdOf, summarizeProblems } from './problem-summary.ts';
import { withTypedKeys } from './arguments-editor.tsx';

describe('summarizeProblems (the Call tool line)', () => {
  it('says nothing when nothing is wrong', () => {
    expect(summarizeProblems([])).toBeUndefined();
  });

  it('names what is still to fill in, two at most, and counts the rest', () => {
    const summary = summarizeProblems([
      { path: '/customer', message: 'is required' },
      { path: '/items/0/sku', message: 'is required' },
      { path: '/shipping', message: 'is required' },
    ]);
    expect(summary).toMatchObject({ toDo: true, text: 'Still to fill in: customer, items 1 › sku', more: 1 });
  });

  it('names a second to-do only when both names fit whole', () => {
    const summary = summarizeProblems([
      { path: '/items/1/sku', message: 'is required' },
      { path: '/items/1/quantity', message: 'is required' },
      { path: '/shipping/deliverBy', message: 'is required' },
    ]);
    expect(summary).toMatchObject({ toDo: true, text: 'Still to fill in: items 2 › sku', more: 2 });
  });

  it('puts a fault before the to-dos, in words', () => {
    const summary = summarizeProblems([
      { path: '/items/0/sku', message: 'is required' },
      { path: '/customer/email', message: 'must match format "email"' },
    ]);
    expect(summary).toMatchObject({
      toDo: false,
      text: 'customer › email: must match format "email"',
      more: 1,
    });
  });

  it('finds the form field of a pointer as rjsf names it', () => {
    expect(fieldIdOf('/shipping/deliverBy')).toBe('args_shipping_deliverBy');
    expect(fieldIdOf('/items/0/sku')).toBe('args_items_0_sku');
  });
});

describe('withTypedKeys', () => {
  it('drops "has no key" for a map whose key box has text, and keeps the rest', () => {
    const status = {
      validationErrors: [
        { path: '/items/0/options', message: 'entry 1 has no key (it is not sent)' },
        { path: '/shipping', message: 'is required' },
      ],
    };
    expect(withTypedKeys(status, new Set(['/items/0/options'])).validationErrors).toEqual([
      { path: '/shipping', message: 'is required' },
    ]);
    expect(withTypedKeys(status, new Set())).toBe(status);
  });
});
