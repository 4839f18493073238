import { describe, expect, it } from 'vitest';
import { deprecationOf, deprecationUnder, removedUnder } from './modern-rules.ts';

describe('modern rules', () => {
  it('marks roots, sampling, logging and HTTP+SSE deprecated on a modern connection only', () => {
    for (const feature of ['roots', 'sampling', 'logging', 'http+sse'] as const) {
      expect(deprecationUnder('modern', feature)).toMatch(/deprecated in 2026-07-28/);
      expect(deprecationUnder('legacy', feature)).toBeUndefined();
      expect(deprecationUnder(undefined, feature)).toBeUndefined();
      expect(deprecationOf(feature)).toBe(deprecationUnder('modern', feature));
    }
  });

  it('says why ping and logging/setLevel are not offered on a modern connection', () => {
    expect(removedUnder('modern', 'ping')).toMatch(/^ping was removed in 2026-07-28/);
    expect(removedUnder('modern', 'logging/setLevel')).toMatch(/_meta/);
    expect(removedUnder('legacy', 'ping')).toBeUndefined();
  });
});
