import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CallOutcome } from '#client/session/session-types.ts';
import { ResultBody } from './result-body.tsx';

// vitest runs in node here (no DOM): the markup is what the page shows.
describe('ResultBody', () => {
  it('says a denied call sent nothing, with no Rendered/Raw JSON tabs to look into', () => {
    const denied = { status: 'denied', durationMs: 0 } as unknown as CallOutcome;
    const html = renderToString(<ResultBody outcome={denied} outputSchema={undefined} />);
    expect(html).toContain('You denied this call; nothing was sent.');
    expect(html).not.toContain('role="tablist"');
    expect(html).not.toContain('see Raw JSON');
  });

  it('puts "Details" on the tab line of a result that has some, not on a row of its own', () => {
    const ok = {
      status: 'ok',
      durationMs: 5,
      result: { content: [{ type: 'text', text: 'hi' }], _meta: { note: 1 } },
    } as unknown as CallOutcome;
    const html = renderToString(<ResultBody outcome={ok} outputSchema={undefined} />);
    // The button and the tablist share one positioned box: the tab line.
    expect(html).toMatch(
      /<div class="relative[^"]*"><button[^>]*aria-label="Result details"[^]*?role="tablist"/,
    );
  });
});
