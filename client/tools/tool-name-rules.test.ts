import { describe, expect, it } from 'vitest';
import { toolNameProblems } from './tool-name-rules.ts';

describe('toolNameProblems', () => {
  it('checks the 2025-11-25 naming guidance', () => {
    expect(toolNameProblems('ok_name.v2-x')).toEqual([]);
    expect(toolNameProblems('x'.repeat(129))).toEqual(['name is 129 characters long (at most 128)']);
    expect(toolNameProblems('a b')).toEqual(['name has characters outside A-Z a-z 0-9 _ - .']);
    expect(toolNameProblems('')).toEqual(['name is empty']);
    expect(toolNameProblems(7)).toEqual(['name is not a string']);
  });

  it('labels the guidance as a later revision’s under an earlier one', () => {
    expect(toolNameProblems('a b', '2025-06-18')).toEqual([
      'name has characters outside A-Z a-z 0-9 _ - . (guidance of 2025-11-25, not of 2025-06-18)',
    ]);
    expect(toolNameProblems('a b', '2025-11-25')).toEqual(['name has characters outside A-Z a-z 0-9 _ - .']);
  });
});
