import { describe, expect, it } from 'vitest';
import { matcherProblem, mismatch } from './arg-matchers.ts';
import { judgeRun } from './expectations.ts';

describe('argument matchers', () => {
  it('matches values, objects by their given keys, and lists item by item', () => {
    expect(
      mismatch({ a: 2, nested: { x: 'y' } }, { a: 2, nested: { x: 'y', extra: 1 }, more: true }, 'arguments'),
    ).toBeUndefined();
    expect(mismatch({ a: 2 }, { a: 3 }, 'arguments')).toBe('arguments.a: expected 2, got 3');
    expect(mismatch({ a: 2 }, {}, 'arguments')).toBe('arguments.a is missing (expected 2)');
    expect(mismatch({ tags: ['a', 'b'] }, { tags: ['a'] }, 'arguments')).toBe(
      'arguments.tags: expected a list of 2, got ["a"]',
    );
  });

  it('applies each operator', () => {
    const cases: [unknown, unknown, boolean][] = [
      [{ $regex: '^Lis' }, 'Lisbon', true],
      [{ $regex: '^Lis' }, 'Oslo', false],
      [{ $contains: 'MILK' }, 'buy milk', true],
      [{ $contains: 'x' }, ['x', 'y'], true],
      [{ $contains: 'z' }, ['x', 'y'], false],
      [{ $type: 'integer' }, 3, true],
      [{ $type: 'integer' }, 3.5, false],
      [{ $type: 'number' }, 3, true],
      [{ $type: 'array' }, [], true],
      [{ $oneOf: ['celsius', 'fahrenheit'] }, 'celsius', true],
      [{ $gte: 1, $lt: 5 }, 4, true],
      [{ $gte: 1, $lt: 5 }, 5, false],
      [{ $gt: 1 }, '2', false],
      [{ $exists: false }, undefined, true],
      [{ $exists: true }, undefined, false],
      [{ $any: true }, undefined, true],
      [{ $not: { $regex: 'delete' } }, 'keep it', true],
      [{ $not: 'a' }, 'a', false],
    ];
    for (const [expected, actual, matches] of cases)
      expect(mismatch(expected, actual, 'v') === undefined, JSON.stringify([expected, actual])).toBe(matches);
  });

  it('says what is wrong with a matcher before any run', () => {
    expect(matcherProblem({ a: { $near: 1 } }, 'args')).toMatch(/^args\.a: unknown matcher \$near/);
    expect(matcherProblem({ a: { $regex: '(' } }, 'args')).toMatch(
      /^args\.a: \$regex "\(" is not a regular expression/,
    );
    expect(matcherProblem({ a: { $type: 'text' } }, 'args')).toMatch(/\$type must be one of/);
    expect(matcherProblem({ a: [{ $gte: 'x' }] }, 'args')).toBe('args.a[0]: $gte needs a number');
    expect(matcherProblem({ a: 1, b: { $oneOf: [1] } }, 'args')).toBeUndefined();
  });
});

describe('judging a run', () => {
  const calls = [
    { tool: 'search', arguments: { q: 'milk' } },
    { tool: 'add', arguments: { a: 1, b: 2 } },
  ];

  it('passes expected calls in any order, or fails them in order when asked', () => {
    const expectation = { tools: [{ name: 'add' }, { name: 'search' }] };
    expect(judgeRun(expectation, calls, '')).toEqual([]);
    expect(judgeRun({ ...expectation, inOrder: true }, calls, '')).toEqual([
      'expected a call of search: search was called, but not in the expected order',
    ]);
    expect(judgeRun({ tools: [{ name: 'search' }, { name: 'add' }], inOrder: true }, calls, '')).toEqual([]);
  });

  it('matches each expected call to a distinct call', () => {
    expect(judgeRun({ tools: [{ name: 'add' }, { name: 'add' }] }, calls, '')).toEqual([
      'expected a call of add: add was called, but not in the expected order',
    ]);
  });

  it('says which tool was called instead, or that none was', () => {
    expect(judgeRun({ tools: [{ name: 'greet' }] }, calls, '')).toEqual([
      'expected a call of greet: the model called search and add',
    ]);
    expect(judgeRun({ tools: [{ name: 'greet' }] }, [], '')).toEqual([
      'expected a call of greet: the model called no tool',
    ]);
  });

  it('checks notCalled, noOtherTools and the text (ignoring case)', () => {
    expect(judgeRun({ notCalled: ['add'] }, calls, '')).toEqual([
      'called add, which this case says it must not',
    ]);
    expect(judgeRun({ tools: [{ name: 'add' }], noOtherTools: true }, calls, '')).toEqual([
      'called search, which this case does not expect (noOtherTools)',
    ]);
    expect(judgeRun({ text: ['Sum is 3', 'milk'] }, calls, 'The sum is 3.')).toEqual([
      'the answer does not contain "milk"',
    ]);
    expect(judgeRun({ text: 'SUM IS 3' }, calls, 'The sum is 3.')).toEqual([]);
  });
});
