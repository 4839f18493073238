import type { ArgumentProblem } from './summarize-errors.ts';

/** The message of a map entry left without a key; "Still to fill in" lists it with the missing values. */
export const NO_KEY = /^entry \d+ has no key/;

/** How "Still to fill in" names a missing key: its map's path, then which entry ("/labels › key of entry 2"). */
export function missingKeyLabel(problem: ArgumentProblem): string | undefined {
  const entry = /^entry (\d+) has no key/.exec(problem.message)?.[1];
  return entry === undefined ? undefined : `key of entry ${entry}`;
}

/** Arguments with their unnamed entries taken out, and where those were. */
export interface NamedArguments {
  /** What is sent: the arguments without any entry whose key is empty. */
  value: Record<string, unknown>;
  /** One problem per entry left out, at the path of its map ("entry 2 has no key"). */
  unnamed: ArgumentProblem[];
}

/**
 * Takes out every object entry whose key is the empty string. The form's "Add entry" starts an entry with an empty
 * key for the user to fill in; until they do, the entry is a to-do, not something to send (nor is rjsf's own
 * placeholder key, "newKey", sent as a name). The JSON tab shares the rule: a key is a name, and "" names nothing.
 */
export function withoutUnnamedEntries(args: Record<string, unknown>): NamedArguments {
  const unnamed: ArgumentProblem[] = [];
  const value = strip(args, '', unnamed, 0) as Record<string, unknown>;
  return { value, unnamed };
}

// Deep enough for any form a person fills in; deeper values are passed on untouched.
const MAX_DEPTH = 64;

/**
 * The key the form uses for an entry whose key is empty. rjsf cannot hold '' as a key (an empty name makes the
 * field's path its parent's path, so the value would overwrite the whole map): the form view swaps '' for this
 * private-use character on the way in and back on the way out, so the text and the arguments only ever see ''.
 */
export const UNNAMED_KEY = '\uE000';

/** The arguments as the form holds them: '' keys become {@link UNNAMED_KEY}. */
export function toFormKeys(value: unknown): unknown {
  return renameKeys(value, '', UNNAMED_KEY, 0);
}

/** The form's data as text holds it: {@link UNNAMED_KEY} keys become ''. */
export function fromFormKeys(value: unknown): unknown {
  return renameKeys(value, UNNAMED_KEY, '', 0);
}

function renameKeys(node: unknown, from: string, to: string, depth: number): unknown {
  if (typeof node !== 'object' || node === null || depth > MAX_DEPTH) return node;
  if (Array.isArray(node)) {
    const items = node.map((item) => renameKeys(item, from, to, depth + 1));
    return items.some((item, index) => item !== node[index]) ? items : node;
  }
  const record = node as Record<string, unknown>;
  let changed = false;
  const renamed: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    const next = renameKeys(record[key], from, to, depth + 1);
    const name = key === from && !Object.hasOwn(record, to) ? to : key;
    if (next !== record[key] || name !== key) changed = true;
    define(renamed, name, next);
  }
  return changed ? renamed : node;
}

// defineProperty: a "__proto__" key from JSON.parse is data, and plain assignment would set the prototype.
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function strip(node: unknown, path: string, unnamed: ArgumentProblem[], depth: number): unknown {
  if (typeof node !== 'object' || node === null || depth > MAX_DEPTH) return node;
  if (Array.isArray(node)) {
    let changed = false;
    const items = node.map((item, index) => {
      const next = strip(item, `${path}/${index}`, unnamed, depth + 1);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? items : node;
  }
  const record = node as Record<string, unknown>;
  let changed = false;
  const kept: Record<string, unknown> = {};
  Object.keys(record).forEach((key, index) => {
    if (key === '') {
      changed = true;
      unnamed.push({ path, message: `entry ${index + 1} has no key (it is not sent)` });
      return;
    }
    const child = record[key];
    const next = strip(child, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, unnamed, depth + 1);
    if (next !== child) changed = true;
    define(kept, key, next);
  });
  return changed ? kept : node;
}
