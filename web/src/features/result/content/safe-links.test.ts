import { describe, expect, it } from 'vitest';
import { downloadFileName, externalHref } from './safe-links.ts';

describe('externalHref', () => {
  it('allows http and https only', () => {
    expect(externalHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(externalHref('http://example.com')).toBe('http://example.com/');
  });
  it('refuses script and local schemes, however they are spelled', () => {
    for (const uri of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'demo://docs/readme',
      'vbscript:msgbox',
      '//evil.example/x',
      'not a url',
      42,
    ]) {
      expect(externalHref(uri)).toBeUndefined();
    }
  });
});

describe('downloadFileName', () => {
  it('uses the URI file name when it has an extension', () => {
    expect(downloadFileName('demo://files/hello.pdf', 'application/pdf', 'blob')).toBe('hello.pdf');
  });
  it('falls back to a safe name with an extension from the MIME type', () => {
    expect(downloadFileName('demo://x/', 'image/png', 'image-2')).toBe('image-2.png');
    expect(downloadFileName(undefined, undefined, 'content')).toBe('content');
  });
  it('strips path tricks and odd characters', () => {
    expect(downloadFileName('file:///tmp/..%2F..%2Fevil name.sh', undefined, 'x')).toBe('evil_name.sh');
    expect(downloadFileName('a://b/<img onerror=x>.html', undefined, 'x')).toBe('img_onerror_x_.html');
  });
});
