import { describe, expect, it } from 'vitest';
import { formatBytes, previewText, splitForDisplay, utf8ByteLength } from './text-size.ts';

describe('previewText', () => {
  it('keeps short text whole', () => {
    expect(previewText('hello', 10)).toEqual({ shown: 'hello', truncated: false, totalBytes: 5 });
  });

  it('cuts long text and reports its full size', () => {
    const preview = previewText('x'.repeat(1000), 100);
    expect(preview.shown).toHaveLength(100);
    expect(preview).toMatchObject({ truncated: true, totalBytes: 1000 });
  });

  it('never splits a surrogate pair', () => {
    const text = `${'a'.repeat(9)}😀tail`;
    const preview = previewText(text, 10);
    expect(preview.shown).toBe('a'.repeat(9));
  });
});

describe('utf8ByteLength', () => {
  it('matches Buffer.byteLength', () => {
    for (const text of ['', 'abc', 'é', '€', '😀', 'a😀b€é', '\ud800lonely']) {
      expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text, 'utf8'));
    }
  });
});

describe('formatBytes', () => {
  it('uses readable units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(9.5 * 1024 * 1024)).toBe('9.5 MB');
  });
});

describe('splitForDisplay', () => {
  it('cuts at line breaks near the size and loses nothing', () => {
    const text = 'abcdefghi\n'.repeat(100);
    const pieces = splitForDisplay(text, 95);
    expect(pieces.join('')).toBe(text);
    expect(pieces.slice(0, -1).every((piece) => piece.endsWith('\n') && piece.length <= 95)).toBe(true);
  });
  it('cuts a single long line by size, never inside a surrogate pair', () => {
    const text = `${'x'.repeat(9)}😀${'y'.repeat(20)}`;
    const pieces = splitForDisplay(text, 10);
    expect(pieces.join('')).toBe(text);
    expect(pieces[0]).toBe('x'.repeat(9));
  });
  it('keeps short text whole', () => {
    expect(splitForDisplay('short', 10)).toEqual(['short']);
  });
});
