import { describe, expect, it } from 'vitest';
import { parseBlocks, parseInline } from './markdown-blocks.ts';

describe('tool description markdown', () => {
  it('splits paragraphs, lists, headings and code fences', () => {
    expect(parseBlocks('# Title\nfirst line\nsecond\n\n- a\n- b\n```\n<b>x</b>\n```')).toEqual([
      { kind: 'heading', text: 'Title' },
      { kind: 'paragraph', text: 'first line\nsecond' },
      { kind: 'list', items: ['a', 'b'] },
      { kind: 'code', text: '<b>x</b>' },
    ]);
  });

  it('keeps http(s) links and turns other schemes into text', () => {
    expect(parseInline('see [docs](https://x.test/a) or [click](javascript:alert(1))')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'docs', href: 'https://x.test/a' },
      { kind: 'text', text: ' or ' },
      { kind: 'text', text: '[click](javascript:alert(1)' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('reads code, strong and emphasis, and leaves HTML as text', () => {
    expect(parseInline('`a` **b** *c* <img src=x onerror=alert(1)>')).toEqual([
      { kind: 'code', text: 'a' },
      { kind: 'text', text: ' ' },
      { kind: 'strong', text: 'b' },
      { kind: 'text', text: ' ' },
      { kind: 'em', text: 'c' },
      { kind: 'text', text: ' <img src=x onerror=alert(1)>' },
    ]);
  });
});
