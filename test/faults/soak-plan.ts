import type { GarbageKind } from '../fixtures/garbage-lines.ts';

/** One step of a soak session: a normal call, or a call that misbehaves in a known way. */
export type SoakStep =
  | { kind: 'echo'; text: string }
  | { kind: 'garbage'; garbage: GarbageKind }
  | { kind: 'slow'; ms: number }
  | { kind: 'crash'; code: number };

/** Garbage that keeps the connection usable (a stray response would upset nothing, but tests nothing new). */
const GARBAGE: GarbageKind[] = ['text', 'json', 'binary', 'blank'];

/**
 * The calls of one soak session: mostly echoes, with about 2% garbage lines, 2% slow calls
 * (5 to 30 ms) and one or two crashes at random places (never first, so there is a trace to keep).
 */
export function planSoakSession(random: () => number, calls: number, label: string): SoakStep[] {
  const crashes = new Set([1 + Math.floor(random() * (calls - 1))]);
  if (random() < 0.5) crashes.add(1 + Math.floor(random() * (calls - 1)));
  return Array.from({ length: calls }, (_, index): SoakStep => {
    if (crashes.has(index)) return { kind: 'crash', code: 1 + Math.floor(random() * 100) };
    const roll = random();
    if (roll < 0.02) return { kind: 'garbage', garbage: GARBAGE[Math.floor(random() * GARBAGE.length)]! };
    if (roll < 0.04) return { kind: 'slow', ms: 5 + Math.floor(random() * 26) };
    return { kind: 'echo', text: `${label}-${index}` };
  });
}
