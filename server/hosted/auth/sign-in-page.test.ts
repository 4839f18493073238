import { describe, expect, it } from 'vitest';
import { escapeHtml, renderSignInPage, safeNext } from './sign-in-page.ts';

describe('sign-in page', () => {
  it('returns only to paths on this site', () => {
    expect(safeNext('/share/abc?x=1')).toBe('/share/abc?x=1');
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      '/signin',
      undefined,
      5,
      '/a\nb',
    ])
      expect(safeNext(bad)).toBe('/');
  });

  it('escapes what it shows', () => {
    expect(escapeHtml('<a href="x">\'&')).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;');
    const page = renderSignInPage({ next: '/"><script>', tokens: true, error: '<b>' });
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<b>');
  });
});
