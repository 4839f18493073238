/**
 * FNV-1a 32-bit hash: tiny and stable across runs, so fake data derived from
 * inputs (weather, order ids) is deterministic without any real randomness.
 */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193) >>> 0;
  return hash;
}
