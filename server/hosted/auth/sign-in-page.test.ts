import { describe, expect, it } from 'vitest';
import { escapeHtml, renderSignInPage, safeNext, SIGN_IN_CSS } from './sign-in-page.ts';

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

  it('looks like the app: its logo, light or dark as the system asks, the card centred', () => {
    const page = renderSignInPage({ next: '/', tokens: true });
    expect(page).toContain('<img src="/favicon.svg" alt=""');
    expect(page).toContain('<meta name="color-scheme" content="light dark">');
    expect(page).toContain('<label for="token">Access token</label>');
    expect(SIGN_IN_CSS).toMatch(/@media \(prefers-color-scheme:dark\)\{:root\{--bg:#020617;/);
    expect(SIGN_IN_CSS).toMatch(/body\{[^}]*min-height:100vh;display:flex;align-items:center/);
    expect(SIGN_IN_CSS).toMatch(/--accent:#4f46e5/);
    // Help text at the page's reading size, not 13-14 px.
    expect(SIGN_IN_CSS).toMatch(/\.hint\{[^}]*font-size:\.9375rem/);
  });
});
