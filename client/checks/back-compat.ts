import type { ContentBlock } from '../content/content-blocks.ts';
import { parseJsonText } from '../content/json-text.ts';

/** Text blocks larger than this are not parsed for the back-compat check (it is only advisory). */
const MIRROR_CHECK_MAX_CHARS = 20_000_000;

/**
 * The spec's back-compat SHOULD: a tool returning structuredContent should also return its
 * serialisation in a text block. `mirrors` is the index of the first text block that does.
 */
export type MirrorCheck = { kind: 'mirrors'; blockIndex: number } | { kind: 'missing' };

/** Finds a text block whose JSON equals `structured` (key order and formatting ignored). */
export function checkTextMirror(blocks: readonly ContentBlock[], structured: unknown): MirrorCheck {
  for (const [index, block] of blocks.entries()) {
    if (block.kind !== 'text') continue;
    const parsed = parseJsonText(block.text, MIRROR_CHECK_MAX_CHARS);
    if (parsed && deepEqual(parsed.value, structured)) return { kind: 'mirrors', blockIndex: index };
  }
  return { kind: 'missing' };
}

/** Structural equality of JSON values: same types, same array order, same keys in any order. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  const bRecord = b as Record<string, unknown>;
  return aKeys.every(
    (key) => Object.hasOwn(bRecord, key) && deepEqual((a as Record<string, unknown>)[key], bRecord[key]),
  );
}
