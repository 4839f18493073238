import { describe, expect, it } from 'vitest';
import { LineSplitter } from './line-splitter.ts';

describe('LineSplitter', () => {
  it('joins lines split across chunks, strips CR, and flushes the tail', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((line) => lines.push(line));
    splitter.push(Buffer.from('{"a":'));
    splitter.push(Buffer.from('1}\r\nsecond\nthi'));
    splitter.push(Buffer.from('rd'));
    expect(lines).toEqual(['{"a":1}', 'second']);
    splitter.flush();
    expect(lines).toEqual(['{"a":1}', 'second', 'third']);
  });

  it('keeps multi-byte characters split across chunks intact', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((line) => lines.push(line));
    const bytes = Buffer.from('héllo ✓\n');
    splitter.push(bytes.subarray(0, 2));
    splitter.push(bytes.subarray(2));
    expect(lines).toEqual(['héllo ✓']);
  });
});
