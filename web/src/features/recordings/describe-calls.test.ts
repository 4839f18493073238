import { describe, expect, it } from 'vitest';
import { describeCalls } from './describe-calls.ts';

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
