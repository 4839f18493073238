import { describe, expect, it } from 'vitest';
import { fromFormKeys, toFormKeys, UNNAMED_KEY, withoutUnnamedEntries } from './unnamed-entries.ts';
import { computeArgumentsStatus } from './arguments-status.ts';
import { prepareToolSchema } from './prepare-tool-schema.ts';

describe('entries without a key', () => {
  it('are left out of what is sent and reported at the path of their map', () => {
    const { value, unnamed } = withoutUnnamedEntries({
      labels: { team: 'core', '': '' },
      items: [{ options: { '': 'L' } }],
      city: 'Paris',
    });
    expect(value).toEqual({ labels: { team: 'core' }, items: [{ options: {} }], city: 'Paris' });
    expect(unnamed).toEqual([
      { path: '/labels', message: 'entry 2 has no key (it is not sent)' },
      { path: '/items/0/options', message: 'entry 1 has no key (it is not sent)' },
    ]);
  });

  it('leaves arguments without one untouched (the same object)', () => {
    const args = { a: { b: [1, { c: 2 }] } };
    expect(withoutUnnamedEntries(args)).toEqual({ value: args, unnamed: [] });
    expect(withoutUnnamedEntries(args).value).toBe(args);
  });

  it('keeps a "__proto__" key as data, and escapes pointer characters in paths', () => {
    const args = JSON.parse('{"__proto__": {"": 1}, "a/b~": {"": 2}}') as Record<string, unknown>;
    const { value, unnamed } = withoutUnnamedEntries(args);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(JSON.stringify(value)).toBe('{"__proto__":{},"a/b~":{}}');
    expect(unnamed.map((problem) => problem.path)).toEqual(['/__proto__', '/a~1b~0']);
  });
});

describe('the arguments status', () => {
  it('checks and sends the arguments without the unnamed entry, which it lists first', () => {
    const schema = {
      type: 'object',
      properties: { labels: { type: 'object', additionalProperties: { type: 'string' } } },
      required: ['labels', 'city'],
    };
    const status = computeArgumentsStatus(
      JSON.stringify({ labels: { team: 'core', '': '' } }),
      prepareToolSchema(schema).checker,
    );
    expect(status.value).toEqual({ labels: { team: 'core' } });
    expect(status.validationErrors).toEqual([
      { path: '/labels', message: 'entry 2 has no key (it is not sent)' },
      { path: '/city', message: 'is required' },
    ]);
  });
});

describe("the form view's stand-in for an empty key", () => {
  it('goes in for every empty key and comes back out, leaving other values alone', () => {
    const text = { a: { '': 1, b: [{ '': 2 }] }, c: 'x' };
    const form = toFormKeys(text) as Record<string, unknown>;
    expect(form).toEqual({ a: { [UNNAMED_KEY]: 1, b: [{ [UNNAMED_KEY]: 2 }] }, c: 'x' });
    expect(fromFormKeys(form)).toEqual(text);
    const plain = { a: [1, { b: 2 }] };
    expect(toFormKeys(plain)).toBe(plain);
  });
});
