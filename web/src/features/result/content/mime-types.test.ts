import { describe, expect, it } from 'vitest';
import { inlineImageMime, normalizeMime, playableAudioMime, syntaxHint } from './mime-types.ts';

describe('normalizeMime', () => {
  it('lower-cases and drops parameters', () => {
    expect(normalizeMime('Image/PNG; charset=binary')).toBe('image/png');
  });
  it('rejects things that are not MIME types', () => {
    expect(normalizeMime('png')).toBeUndefined();
    expect(normalizeMime('image/png"><script>')).toBeUndefined();
    expect(normalizeMime(7)).toBeUndefined();
  });
});

describe('inlineImageMime', () => {
  it('allows the common raster types and svg', () => {
    for (const mime of ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml']) {
      expect(inlineImageMime(mime)).toBe(mime);
    }
    expect(inlineImageMime('image/jpg')).toBe('image/jpeg');
    expect(inlineImageMime('IMAGE/PNG')).toBe('image/png');
  });
  it('refuses anything else', () => {
    for (const mime of ['image/tiff', 'text/html', 'application/x-evil', undefined]) {
      expect(inlineImageMime(mime)).toBeUndefined();
    }
  });
});

describe('playableAudioMime', () => {
  it('allows common audio and refuses the rest', () => {
    expect(playableAudioMime('audio/wav')).toBe('audio/wav');
    expect(playableAudioMime('audio/MPEG')).toBe('audio/mpeg');
    expect(playableAudioMime('audio/x-unknown')).toBeUndefined();
    expect(playableAudioMime('text/html')).toBeUndefined();
  });
});

describe('syntaxHint', () => {
  it('names languages from the MIME type, then from the URI extension', () => {
    expect(syntaxHint('text/x-typescript')).toBe('TypeScript');
    expect(syntaxHint('application/vnd.api+json')).toBe('JSON');
    expect(syntaxHint(undefined, 'file:///src/main.rs')).toBe('Rust');
    expect(syntaxHint('text/x-unknown', 'demo://a')).toBe('text/x-unknown');
    expect(syntaxHint(undefined, 'demo://nothing')).toBeUndefined();
  });
});
