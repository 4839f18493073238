import { describe, expect, it } from 'vitest';
import { annotationChips } from './annotations.ts';

describe('annotationChips', () => {
  it('shows audience, priority and lastModified (in UTC)', () => {
    expect(
      annotationChips({
        audience: ['user', 'assistant'],
        priority: 0.7,
        lastModified: '2025-06-01T14:00:00+02:00',
      }),
    ).toEqual([
      expect.objectContaining({ label: 'audience: user, assistant' }),
      expect.objectContaining({ label: 'priority 0.7' }),
      expect.objectContaining({ label: 'modified 2025-06-01 12:00 UTC' }),
    ]);
  });

  it('returns nothing for absent annotations', () => {
    expect(annotationChips(undefined)).toEqual([]);
    expect(annotationChips({})).toEqual([]);
  });

  it('marks malformed annotations instead of throwing', () => {
    const chips = annotationChips({ audience: 'everyone', priority: 'high', lastModified: 'yesterday' });
    expect(chips.map((chip) => chip.label)).toEqual([
      'audience: invalid',
      'priority: invalid',
      'modified: invalid',
    ]);
    expect(chips.every((chip) => chip.invalid)).toBe(true);
    expect(annotationChips('x')).toEqual([expect.objectContaining({ invalid: true })]);
    expect(annotationChips({ priority: 2 })[0]).toMatchObject({ invalid: true });
  });
});
