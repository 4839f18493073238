import { describe, expect, it } from 'vitest';
import { MAX_ICON_BYTES, planIcons } from './icon-policy.ts';

const png = 'data:image/png;base64,iVBORw0KGgo=';
const light = { theme: 'light' as const, sizePx: 20 };

describe('planIcons', () => {
  it('accepts https and data: icons of the types the spec lists, image/jpg included', () => {
    const plan = planIcons(
      [
        { src: 'https://a.test/i.jpg', mimeType: 'image/jpg' },
        { src: 'https://a.test/i.jpeg', mimeType: 'image/jpeg' },
        { src: 'data:image/webp;base64,AAAA' },
        { src: 'data:image/svg+xml,%3Csvg%2F%3E' },
        { src: png },
      ],
      light,
    );
    expect(plan.refused).toEqual([]);
    expect(plan.candidates.map((c) => c.index)).toEqual([0, 1, 2, 3, 4]);
    expect(plan.candidates[0]).toMatchObject({ kind: 'https', mimeType: 'image/jpg' });
  });

  it('refuses other schemes, credentials, unlisted types and oversized data, each with a reason', () => {
    const big = `data:image/png;base64,${'A'.repeat(Math.ceil((MAX_ICON_BYTES * 4) / 3) + 8)}`;
    const plan = planIcons(
      [
        { src: 'javascript:alert(1)' },
        { src: 'http://tracker.test/p.png' },
        { src: 'https://user:secret@a.test/i.png' },
        { src: 'https://a.test/i.gif', mimeType: 'image/gif' },
        { src: 'data:text/html;base64,PGI+' },
        { src: big },
        { src: 'not a url' },
        'nope',
      ],
      light,
    );
    expect(plan.candidates).toEqual([]);
    expect(plan.refused.map((r) => r.reason)).toEqual([
      expect.stringContaining('javascript: icons are not loaded'),
      expect.stringContaining('http: icons are not loaded'),
      expect.stringContaining('carries credentials'),
      expect.stringContaining('image/gif is not one Toolscope shows'),
      expect.stringContaining('data: icon of type text/html'),
      expect.stringContaining('over the 256 KB limit'),
      'not a valid URL',
      'not an icon object',
    ]);
    expect(plan.refused[5]!.src.length).toBeLessThanOrEqual(60);
    expect(plan.refused[2]!.src).toBe('https://user:***@a.test/i.png');
  });

  it('prefers the page theme, then icons for any theme, then the other theme (marked)', () => {
    const icons = [
      { src: 'https://a.test/dark.png', theme: 'dark' },
      { src: 'https://a.test/any.png' },
      { src: 'https://a.test/light.png', theme: 'light' },
    ];
    expect(planIcons(icons, light).candidates.map((c) => c.index)).toEqual([2, 1, 0]);
    const dark = planIcons(icons, { theme: 'dark', sizePx: 20 }).candidates;
    expect(dark.map((c) => c.index)).toEqual([0, 1, 2]);
    expect(dark[2]!.themeNote).toBe('drawn for a light background');
  });

  it('prefers a scalable or big-enough size, the smallest that fits, over one too small', () => {
    const icons = [
      { src: 'https://a.test/16.png', sizes: ['16x16'] },
      { src: 'https://a.test/256.png', sizes: ['256x256'] },
      { src: 'https://a.test/48.png', sizes: ['48x48', '32x32'] },
      { src: 'https://a.test/any.svg', sizes: ['any'] },
    ];
    expect(planIcons(icons, { theme: 'light', sizePx: 40 }).candidates.map((c) => c.index)).toEqual([
      3, 2, 1, 0,
    ]);
  });

  it('says so when icons is not a list, and nothing when there are none', () => {
    expect(planIcons('x', light).refused[0]?.reason).toBe('icons is not a list');
    expect(planIcons(undefined, light)).toEqual({ candidates: [], refused: [] });
  });
});
