/**
 * Argument matchers of an eval case: an expected value is either a value the argument must equal (an
 * object: those keys at least; a list: item by item) or an object of operators, all starting with `$`:
 *
 *   { "$regex": "^Lis" }     a string matching this regular expression
 *   { "$contains": "milk" }  a string containing this (ignoring case), or a list holding this item
 *   { "$type": "integer" }   string, number, integer, boolean, object, array or null
 *   { "$oneOf": [1, 2] }     equal to one of these
 *   { "$gte": 1, "$lt": 5 }  a number within bounds ($gt, $gte, $lt, $lte)
 *   { "$exists": false }     absent (true: present with any value)
 *   { "$any": true }         anything, absent included
 *   { "$not": {…} }          does not match this
 *
 * Several operators in one object must all hold.
 */

const OPERATORS = new Set([
  '$regex',
  '$contains',
  '$type',
  '$oneOf',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$exists',
  '$any',
  '$not',
]);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

/** True for an object of operators (every key starts with `$`). */
function isMatcher(value: unknown): value is Record<string, unknown> {
  return (
    isObject(value) && Object.keys(value).length > 0 && Object.keys(value).every((key) => key.startsWith('$'))
  );
}

/** Why an expected value cannot be used as a matcher (an unknown operator, a bad regular expression), or undefined. */
export function matcherProblem(expected: unknown, path = ''): string | undefined {
  if (isMatcher(expected)) {
    for (const [op, operand] of Object.entries(expected)) {
      if (!OPERATORS.has(op))
        return `${path || 'args'}: unknown matcher ${op} (use ${[...OPERATORS].join(', ')})`;
      if (op === '$regex') {
        if (typeof operand !== 'string') return `${path}: $regex needs a string`;
        try {
          new RegExp(operand);
        } catch (error) {
          return `${path}: $regex ${JSON.stringify(operand)} is not a regular expression (${(error as Error).message})`;
        }
      }
      if (op === '$type' && !TYPES.has(String(operand)))
        return `${path}: $type must be one of ${[...TYPES].join(', ')}`;
      if (op === '$oneOf' && !Array.isArray(operand)) return `${path}: $oneOf needs a list`;
      if (['$gt', '$gte', '$lt', '$lte'].includes(op) && typeof operand !== 'number')
        return `${path}: ${op} needs a number`;
      if (op === '$not') {
        const inner = matcherProblem(operand, path);
        if (inner) return inner;
      }
    }
    return undefined;
  }
  if (isObject(expected))
    for (const [key, value] of Object.entries(expected)) {
      const problem = matcherProblem(value, `${path}.${key}`.replace(/^\./, ''));
      if (problem) return problem;
    }
  if (Array.isArray(expected))
    for (const [index, value] of expected.entries()) {
      const problem = matcherProblem(value, `${path}[${index}]`);
      if (problem) return problem;
    }
  return undefined;
}

/** Why `actual` does not match `expected` (naming the argument's path), or undefined when it does. */
export function mismatch(expected: unknown, actual: unknown, path: string): string | undefined {
  if (isMatcher(expected)) {
    for (const [op, operand] of Object.entries(expected)) {
      const problem = operatorMismatch(op, operand, actual, path);
      if (problem) return problem;
    }
    return undefined;
  }
  if (actual === undefined) return `${path} is missing (expected ${shown(expected)})`;
  if (isObject(expected)) {
    if (!isObject(actual)) return `${path}: expected an object, got ${shown(actual)}`;
    for (const [key, value] of Object.entries(expected)) {
      const problem = mismatch(value, Object.hasOwn(actual, key) ? actual[key] : undefined, `${path}.${key}`);
      if (problem) return problem;
    }
    return undefined;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length)
      return `${path}: expected a list of ${expected.length}, got ${shown(actual)}`;
    for (const [index, value] of expected.entries()) {
      const problem = mismatch(value, actual[index], `${path}[${index}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  return sameJson(expected, actual)
    ? undefined
    : `${path}: expected ${shown(expected)}, got ${shown(actual)}`;
}

function operatorMismatch(op: string, operand: unknown, actual: unknown, path: string): string | undefined {
  const fail = (what: string) => `${path}: expected ${what}, got ${shown(actual)}`;
  switch (op) {
    case '$any':
      return undefined;
    case '$exists':
      return (actual !== undefined) === Boolean(operand)
        ? undefined
        : operand
          ? `${path} is missing`
          : fail('no value');
    case '$not':
      return actual !== undefined && mismatch(operand, actual, path) === undefined
        ? fail(`not ${shown(operand)}`)
        : undefined;
  }
  if (actual === undefined) return `${path} is missing (expected ${op} ${shown(operand)})`;
  switch (op) {
    case '$regex':
      return typeof actual === 'string' && new RegExp(String(operand)).test(actual)
        ? undefined
        : fail(`a match of /${String(operand)}/`);
    case '$contains':
      if (typeof actual === 'string' && typeof operand === 'string')
        return actual.toLowerCase().includes(operand.toLowerCase())
          ? undefined
          : fail(`text containing ${shown(operand)}`);
      return Array.isArray(actual) && actual.some((item) => sameJson(item, operand))
        ? undefined
        : fail(`a list holding ${shown(operand)}`);
    case '$type':
      return typeName(actual) === operand || (operand === 'number' && typeName(actual) === 'integer')
        ? undefined
        : fail(`a value of type ${String(operand)}`);
    case '$oneOf':
      return (operand as unknown[]).some((option) => sameJson(option, actual))
        ? undefined
        : fail(`one of ${shown(operand)}`);
    default: {
      const bound = operand as number;
      if (typeof actual !== 'number') return fail(`a number ${op.slice(1)} ${bound}`);
      const holds =
        op === '$gt'
          ? actual > bound
          : op === '$gte'
            ? actual >= bound
            : op === '$lt'
              ? actual < bound
              : actual <= bound;
      return holds
        ? undefined
        : fail(`a number ${{ $gt: '>', $gte: '≥', $lt: '<', $lte: '≤' }[op]} ${bound}`);
    }
  }
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isInteger(value)) return 'integer';
  return typeof value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Equal as JSON, whatever the order of object keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isObject(a) && !Array.isArray(a)) return false;
  if (Array.isArray(a))
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  if (!isObject(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]))
  );
}

function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
