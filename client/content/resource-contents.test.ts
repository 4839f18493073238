import { describe, expect, it } from 'vitest';
import { classifyReadResult, classifyResourceContents } from './resource-contents.ts';

describe('classifyResourceContents', () => {
  it('accepts text and blob contents', () => {
    expect(classifyResourceContents({ uri: 'a://b', mimeType: 'text/plain', text: 'x' })).toMatchObject({
      kind: 'text',
      uri: 'a://b',
      mimeType: 'text/plain',
    });
    expect(classifyResourceContents({ uri: 'a://b', blob: 'AA==' })).toMatchObject({
      kind: 'blob',
      blob: 'AA==',
    });
  });

  it('reports every problem', () => {
    expect(classifyResourceContents({ text: 1 })).toMatchObject({
      kind: 'malformed',
      problems: ['uri must be a string, got undefined', 'text must be a string'],
    });
    expect(classifyResourceContents('x')).toMatchObject({ kind: 'malformed' });
  });
});

describe('classifyReadResult', () => {
  it('classifies each entry of contents', () => {
    const result = { contents: [{ uri: 'a://1', text: 'x' }, { uri: 'a://2' }] };
    expect(classifyReadResult(result).map((entry) => entry.kind)).toEqual(['text', 'malformed']);
  });
  it('reports a result without contents', () => {
    expect(classifyReadResult({})).toEqual([
      { kind: 'malformed', problems: ['contents must be an array, got undefined'], raw: {} },
    ]);
    expect(classifyReadResult(null)[0]).toMatchObject({ kind: 'malformed' });
  });
});
