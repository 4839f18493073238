import { describe, expect, it } from 'vitest';
import { PARTS, partsFrom, timesTable } from './test.js';

describe('npm test parts', () => {
  it('runs every suite, checks first and the package last', () => {
    expect(PARTS.map((part) => part.name)).toEqual(['check', 'unit', 'build', 'integration', 'e2e', 'pack']);
  });

  it('starts at a later part on request, and refuses an unknown one', () => {
    expect(partsFrom('e2e').map((part) => part.name)).toEqual(['e2e', 'pack']);
    expect(() => partsFrom('lint')).toThrow(/unknown part lint/);
  });

  it('prints each part with its seconds, marks a failure, and sums them', () => {
    expect(
      timesTable([
        { name: 'unit', seconds: 61.2, ok: true },
        { name: 'e2e', seconds: 300, ok: false },
      ]),
    ).toBe('   61 s  unit\n  300 s  e2e  (failed)\n  361 s  in all');
  });
});
