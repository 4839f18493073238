import { describe, expect, it } from 'vitest';
import { checkApprovalArguments, countProblems, firstProblems } from './schema-check.ts';
import { prepareToolSchema } from '#client/schema/prepare-tool-schema.ts';

// The shape of server-memory's create_entities input schema.
const createEntities = {
  type: 'object',
  properties: {
    entities: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          entityType: { type: 'string' },
          observations: { type: 'array', items: { type: 'string' } },
        },
        required: ['name', 'entityType', 'observations'],
      },
    },
  },
  required: ['entities'],
};

describe('checkApprovalArguments', () => {
  it('finds what the form finds: a missing required property, by path', () => {
    const args = { entities: [{ name: 'a', entityType: 'person' }] };
    const check = checkApprovalArguments(createEntities, args);
    expect(check.problems).toEqual([{ path: '/entities/0/observations', message: 'is required' }]);
    expect(check.problems).toEqual(prepareToolSchema(createEntities).checker.check(args));
  });

  it('finds nothing in arguments that fit, or for a tool without a schema to speak of', () => {
    expect(
      checkApprovalArguments(createEntities, {
        entities: [{ name: 'a', entityType: 'b', observations: [] }],
      }),
    ).toEqual({ problems: [], schemaError: undefined });
    expect(checkApprovalArguments({ type: 'object' }, {}).problems).toEqual([]);
  });

  it('reports a schema it cannot compile instead of problems', () => {
    const check = checkApprovalArguments({ type: 'object', properties: { a: { type: 'no-such-type' } } }, {});
    expect(check.problems).toEqual([]);
    expect(check.schemaError).toMatch(/not valid/);
  });
});

describe('countProblems and firstProblems', () => {
  it('counts in words and lists the first few paths', () => {
    expect(countProblems(1)).toBe('1 problem');
    expect(countProblems(4)).toBe('4 problems');
    const problems = [
      { path: '', message: 'must be object' },
      { path: '/a', message: 'is required' },
      { path: '/b', message: 'must be string' },
      { path: '/c', message: 'must be number' },
    ];
    expect(firstProblems(problems)).toEqual([
      { text: '(arguments): must be object', pointer: '' },
      { text: 'a: is required', pointer: '/a' },
      { text: 'b: must be string', pointer: '/b' },
    ]);
    // The form's words, list places counted from 1; the pointer goes beside them.
    expect(firstProblems([{ path: '/items/1/sku', message: 'is required' }])).toEqual([
      { text: 'items 2 › sku: is required', pointer: '/items/1/sku' },
    ]);
    expect(firstProblems(problems, 1)).toHaveLength(1);
  });
});
