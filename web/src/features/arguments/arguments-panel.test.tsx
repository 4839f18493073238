import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DialectLabel } from './arguments-panel.tsx';

describe('DialectLabel', () => {
  it('wraps only between its parts, never inside a date, and keeps the whole text as its tooltip', () => {
    const html = renderToString(<DialectLabel label="JSON Schema 2020-12 · default of 2026-07-28" />);
    expect(html).toContain(
      'title="JSON Schema 2020-12 · default of 2026-07-28: the JSON Schema dialect the input schema is read with"',
    );
    expect(html).toContain('<span class="whitespace-nowrap">JSON Schema 2020-12</span> · ');
    expect(html).toContain('<span class="whitespace-nowrap">default of 2026-07-28</span>');
    // Nothing truncates it.
    expect(html).not.toContain('truncate');
  });
});
