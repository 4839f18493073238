import { describe, expect, it } from 'vitest';
import { classifyBlock, classifyContent } from './content-blocks.ts';

describe('classifyBlock', () => {
  it('recognises every spec content type', () => {
    expect(classifyBlock({ type: 'text', text: 'hi' })).toMatchObject({ kind: 'text', text: 'hi' });
    expect(classifyBlock({ type: 'image', data: 'AA==', mimeType: 'image/png' })).toMatchObject({
      kind: 'image',
    });
    expect(classifyBlock({ type: 'audio', data: 'AA==', mimeType: 'audio/wav' })).toMatchObject({
      kind: 'audio',
    });
    expect(
      classifyBlock({
        type: 'resource_link',
        uri: 'demo://a',
        name: 'a',
        title: 3,
        annotations: { priority: 1 },
      }),
    ).toEqual({
      kind: 'resource_link',
      link: {
        uri: 'demo://a',
        name: 'a',
        title: undefined,
        description: undefined,
        mimeType: undefined,
        size: undefined,
      },
      annotations: { priority: 1 },
    });
    expect(classifyBlock({ type: 'resource', resource: { uri: 'demo://a', text: 'x' } })).toMatchObject({
      kind: 'resource',
      resource: { kind: 'text', text: 'x' },
    });
    expect(classifyBlock({ type: 'resource', resource: { uri: 'demo://a', blob: 'AA==' } })).toMatchObject({
      kind: 'resource',
      resource: { kind: 'blob' },
    });
  });

  it('keeps unknown types apart from malformed blocks', () => {
    expect(classifyBlock({ type: 'video', url: 'x' })).toMatchObject({ kind: 'unknown', type: 'video' });
    expect(classifyBlock({ text: 'no type' })).toMatchObject({ kind: 'malformed' });
  });

  it('explains what is wrong with malformed blocks', () => {
    expect(classifyBlock(null)).toMatchObject({
      kind: 'malformed',
      problems: ['block must be an object, got null'],
    });
    expect(classifyBlock({ type: 'text', text: 5 })).toMatchObject({
      problems: ['text must be a string, got a number'],
    });
    expect(classifyBlock({ type: 'image', data: null })).toMatchObject({
      problems: ['data must be a base64 string, got null', 'mimeType must be a string, got undefined'],
    });
    expect(classifyBlock({ type: 'resource_link', name: 'x' })).toMatchObject({ kind: 'malformed' });
    expect(classifyBlock({ type: 'resource', resource: { uri: 'a', text: 'x', blob: 'y' } })).toMatchObject({
      problems: ['resource: has both text and blob'],
    });
    expect(classifyBlock({ type: 'resource' })).toMatchObject({ kind: 'malformed' });
  });
});

describe('classifyContent', () => {
  it('handles missing and non-array content', () => {
    expect(classifyContent(undefined)).toEqual([]);
    expect(classifyContent('oops')).toEqual([
      { kind: 'malformed', problems: ['content must be an array, got a string'], raw: 'oops' },
    ]);
  });

  it('classifies each block independently', () => {
    const blocks = classifyContent([{ type: 'text', text: 'a' }, 7, { type: 'x' }]);
    expect(blocks.map((block) => block.kind)).toEqual(['text', 'malformed', 'unknown']);
  });
});
