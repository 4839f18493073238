import { describe, expect, it } from 'vitest';
import { base64ToBytes, inspectBase64 } from './base64.ts';

describe('inspectBase64', () => {
  it('computes the decoded size for padded and unpadded input', () => {
    expect(inspectBase64('aGVsbG8=')).toMatchObject({ ok: true, byteLength: 5 });
    expect(inspectBase64('aGVsbG8')).toMatchObject({ ok: true, byteLength: 5 });
    expect(inspectBase64('aGk=')).toMatchObject({ ok: true, byteLength: 2 });
    expect(inspectBase64('aGVsbG8h')).toMatchObject({ ok: true, byteLength: 6 });
    expect(inspectBase64('')).toMatchObject({ ok: true, byteLength: 0 });
  });

  it('agrees with Buffer on random payloads', () => {
    for (const length of [1, 2, 3, 4, 5, 100, 1001]) {
      const bytes = Buffer.from(Array.from({ length }, (_, i) => (i * 37) % 256));
      expect(inspectBase64(bytes.toString('base64'))).toMatchObject({ ok: true, byteLength: length });
    }
  });

  it('tolerates MIME line breaks and returns the cleaned string', () => {
    const result = inspectBase64('aGVs\r\nbG8=');
    expect(result).toEqual({ ok: true, byteLength: 5, clean: 'aGVsbG8=' });
  });

  it('rejects bad characters, truncation, bad padding and non-strings', () => {
    expect(inspectBase64('not base64!')).toMatchObject({ ok: false, reason: expect.stringContaining('"!"') });
    expect(inspectBase64('aGVsb')).toMatchObject({ ok: false, reason: expect.stringContaining('truncated') });
    expect(inspectBase64('aGk==')).toMatchObject({ ok: false, reason: expect.stringContaining('padding') });
    expect(inspectBase64('aG=k')).toMatchObject({ ok: false });
    expect(inspectBase64('aGVsbG8_')).toMatchObject({ ok: false });
    expect(inspectBase64(42)).toMatchObject({ ok: false, reason: 'expected a base64 string, got a number' });
  });

  // Not timed (a loaded machine fails timed assertions): the test's timeout bounds a hang.
  it('checks 10 MB', () => {
    const big = Buffer.alloc(7_500_000, 7).toString('base64');
    expect(inspectBase64(big)).toMatchObject({ ok: true, byteLength: 7_500_000 });
  });
});

describe('base64ToBytes', () => {
  it('decodes to the original bytes', () => {
    expect(Array.from(base64ToBytes('AAEC/w=='))).toEqual([0, 1, 2, 255]);
  });
});
