import { describe, expect, it } from 'vitest';
import { cspHint, ViewConsole } from './view-console.ts';
import { readConsoleEnvelope, withConsoleProbe, CONSOLE_ENVELOPE } from './view-console-probe.ts';

describe('withConsoleProbe: the probe runs first in the View', () => {
  it('goes at the start of <head>, after the doctype, so the document keeps its standards mode', () => {
    const html =
      '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><script>app()</script></head></html>';
    const probed = withConsoleProbe(html);
    expect(probed.startsWith('<!DOCTYPE html>\n<html lang="en"><head><script>(function')).toBe(true);
    expect(probed.indexOf(CONSOLE_ENVELOPE)).toBeLessThan(probed.indexOf('app()'));
  });

  it('finds a place in documents without a head, without an html element, or with nothing at all', () => {
    expect(withConsoleProbe('<html><body>x</body></html>')).toMatch(/^<html><script>/);
    expect(withConsoleProbe('<!doctype html><p>x')).toMatch(/^<!doctype html><script>/);
    expect(withConsoleProbe('<p>x</p>')).toMatch(/^<script>/);
    // <header> is not <head>.
    expect(withConsoleProbe('<!doctype html><header>x</header>')).toMatch(/^<!doctype html><script>/);
  });
});

describe('readConsoleEnvelope', () => {
  it('reads the probe’s reports and nothing else, bounding their text', () => {
    expect(readConsoleEnvelope({ jsonrpc: '2.0', method: 'x' })).toBeUndefined();
    expect(readConsoleEnvelope('text')).toBeUndefined();
    expect(
      readConsoleEnvelope({ toolscope: CONSOLE_ENVELOPE, kind: 'console', level: 'shout', text: 5 }),
    ).toEqual({
      kind: 'console',
      level: 'log',
      text: '',
    });
    const long = readConsoleEnvelope({
      toolscope: CONSOLE_ENVELOPE,
      kind: 'console',
      level: 'error',
      text: 'a'.repeat(5000),
    });
    expect(long?.kind === 'console' && long.text.length).toBe(2000);
  });
});

describe('cspHint: which _meta.ui.csp field would allow a blocked load', () => {
  it('names the field for an origin', () => {
    expect(cspHint('connect-src', 'https://api.example.com/v1?q=1')).toBe(
      'Declare "https://api.example.com" in _meta.ui.csp.connectDomains of the View\'s resource to allow it.',
    );
    expect(cspHint('script-src-elem', 'https://cdn.example/x.js')).toContain('_meta.ui.csp.resourceDomains');
    expect(cspHint('img-src', 'https://img.example/a.png')).toContain('resourceDomains');
    expect(cspHint('frame-src', 'https://www.youtube.com/embed/x')).toContain('frameDomains');
    expect(cspHint('base-uri', 'https://base.example/')).toContain('baseUriDomains');
    expect(cspHint('connect-src', 'wss://live.example/socket')).toContain('"wss://live.example"');
  });

  it('says when no field can allow it, and points at the relaxed mode', () => {
    expect(cspHint('script-src', 'eval')).toMatch(
      /No _meta\.ui\.csp field allows 'unsafe-eval'.*Relaxed like the reference host/,
    );
    expect(cspHint('script-src', 'eval', 'relaxed')).not.toContain('Relaxed');
    expect(cspHint('worker-src', 'blob')).toMatch(/No _meta\.ui\.csp field allows blob/);
    expect(cspHint('form-action', '')).toMatch(/cannot submit forms/);
  });
});

describe('ViewConsole', () => {
  it('keeps lines in order, counts repeats, and hints each violation', () => {
    const runs: (() => void)[] = [];
    const console = new ViewConsole('declared', (run) => runs.push(run));
    console.add({ kind: 'console', level: 'error', text: 'boom' });
    console.add({ kind: 'console', level: 'error', text: 'boom' });
    console.add({ kind: 'csp', directive: 'connect-src', blocked: 'https://x.example/' });
    expect(console.get().lines).toEqual([]);
    runs.forEach((run) => run());
    const lines = console.get().lines;
    expect(lines.map((line) => [line.kind, line.count])).toEqual([
      ['console', 2],
      ['csp', 1],
    ]);
    expect(lines[1]).toMatchObject({ hint: expect.stringContaining('connectDomains') });
    expect(console.counts()).toEqual({ csp: 1, errors: 2 });
  });
});
