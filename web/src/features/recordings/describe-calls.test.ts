import { describe, expect, it } from 'vitest';
import { describeCalls, describeGaps } from './describe-calls.ts';

describe('describeCalls', () => {
  it('says how many calls a recording holds and of which tools', () => {
    expect(describeCalls(undefined)).toBeUndefined();
    expect(describeCalls({ count: 0, tools: [] })).toBe('no calls');
    expect(describeCalls({ count: 1, tools: ['echo'] })).toBe('1 call: echo');
    expect(describeCalls({ count: 3, tools: ['echo', 'get_weather'] })).toBe('3 calls: echo, get_weather');
    const many = Array.from({ length: 10 }, (_, i) => `t${i}`);
    expect(describeCalls({ count: 12, tools: many })).toBe(`12 calls: ${many.join(', ')}, …`);
  });
});

describe('describeGaps', () => {
  it('says what an interrupted recording lacks, all gaps together', () => {
    const gap = { fromSeq: 3, toSeq: 5, frames: 3, events: 1, bytes: 30, from: 1, to: 2 };
    expect(describeGaps([gap, { ...gap, frames: 1, events: 0 }])).toBe(
      'Not recorded while the recordings store did not answer: 4 frames, 1 bridge event',
    );
    expect(describeGaps([])).toBe(
      'Not recorded while the recordings store did not answer: part of the connection',
    );
  });
});
