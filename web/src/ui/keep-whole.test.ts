import { describe, expect, it } from 'vitest';
import { wholeRuns } from './keep-whole.tsx';

describe('wholeRuns', () => {
  it('keeps dates, versions and durations as runs of their own', () => {
    expect(wholeRuns('Auto: server/discover answered: modern era (2026-07-28) (717 ms)')).toEqual([
      'Auto: server/discover answered: modern era (',
      '2026-07-28',
      ') (',
      '717 ms',
      ')',
    ]);
    expect(wholeRuns('Toolscope demo server 1.0.0-beta.2 speaks 2025-11-25')).toEqual([
      'Toolscope demo server ',
      '1.0.0-beta.2',
      ' speaks ',
      '2025-11-25',
      '',
    ]);
    expect(wholeRuns('no dates here')).toEqual(['no dates here']);
  });
});
