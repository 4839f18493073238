import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CallOutcome } from '#client/session/session-types.ts';
import { OutcomeBadge } from './outcome-badge.tsx';

const ok = { status: 'ok', durationMs: 73, result: { content: [] } } as unknown as CallOutcome;

// vitest runs in node here (no DOM): the markup is what the page shows.
describe('OutcomeBadge', () => {
  it('names the Result figure "round trip", so it is not read as the trace\'s "at the bridge"', () => {
    const html = renderToString(<OutcomeBadge outcome={ok} namedDuration />);
    expect(html).toContain('73 ms round trip</span>');
    expect(html).toMatch(
      /title="73 ms round trip: from sending the call to its result in the page[^"]*at the bridge\.?"/,
    );
  });

  it('keeps a row short (History): the figure alone, the word in its tooltip', () => {
    const html = renderToString(<OutcomeBadge outcome={ok} />);
    expect(html).toContain('>73 ms</span>');
    expect(html).toContain('title="73 ms round trip: ');
  });

  it('says "at the bridge", never "round trip", for a figure a recording measured (a replay)', () => {
    const html = renderToString(<OutcomeBadge outcome={ok} namedDuration atBridge />);
    expect(html).toContain('73 ms at the bridge</span>');
    expect(html).toContain('title="73 ms at the bridge: ');
    expect(html).not.toContain('round trip');
    expect(renderToString(<OutcomeBadge outcome={ok} atBridge />)).not.toContain('round trip');
  });

  it('shows no figure for a denied call, which never ran', () => {
    const denied = { status: 'denied', durationMs: 0 } as unknown as CallOutcome;
    expect(renderToString(<OutcomeBadge outcome={denied} namedDuration />)).not.toContain('round trip');
  });
});

describe('OutcomeBadge while the output is checked', () => {
  it('says "Checking output", not OK, until the verdict; a verdict or a failed call wins', () => {
    expect(renderToString(<OutcomeBadge outcome={ok} outputChecking />)).toContain('>Checking output</span>');
    expect(renderToString(<OutcomeBadge outcome={ok} outputChecking />)).not.toContain('>OK<');
    expect(renderToString(<OutcomeBadge outcome={ok} outputChecking outputInvalid />)).toContain(
      '>Invalid output</span>',
    );
    const toolError = { status: 'tool-error', durationMs: 5 } as unknown as CallOutcome;
    expect(renderToString(<OutcomeBadge outcome={toolError} outputChecking />)).toContain(
      '>Tool error</span>',
    );
  });
});
