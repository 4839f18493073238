import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { escapeHtml, renderSignInPage, safeNext } from '../auth/sign-in-page.ts';
import { loggablePath } from '../ops/request-log.ts';
import { parseServeArgs } from '../serve-command.ts';
import { ProxyTrust } from './proxy-trust.ts';

const request = (remote: string, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress: remote }, headers }) as unknown as IncomingMessage;

describe('ProxyTrust', () => {
  const trust = new ProxyTrust(['10.0.0.0/8']);

  it('believes X-Forwarded-Proto and X-Request-Id only from a trusted proxy', () => {
    expect(trust.isHttps(request('10.1.1.1', { 'x-forwarded-proto': 'https' }))).toBe(true);
    expect(trust.isHttps(request('::ffff:10.1.1.1', { 'x-forwarded-proto': 'https,http' }))).toBe(true);
    expect(trust.isHttps(request('192.168.1.1', { 'x-forwarded-proto': 'https' }))).toBe(false);
    expect(trust.requestId(request('10.1.1.1', { 'x-request-id': 'abc-123' }))).toBe('abc-123');
    expect(trust.requestId(request('10.1.1.1', { 'x-request-id': 'a b' }))).toBeUndefined();
    expect(trust.requestId(request('192.168.1.1', { 'x-request-id': 'abc' }))).toBeUndefined();
  });

  it('takes the client address from the right of X-Forwarded-For, past trusted proxies only', () => {
    expect(
      trust.clientAddress(request('10.1.1.1', { 'x-forwarded-for': '6.6.6.6, 1.2.3.4, 10.2.2.2' })),
    ).toBe('1.2.3.4');
    expect(trust.clientAddress(request('192.168.1.1', { 'x-forwarded-for': '6.6.6.6' }))).toBe('192.168.1.1');
  });
});

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

describe('request log paths', () => {
  it('drop the query and hide share ids', () => {
    expect(loggablePath('/api/config?token=abc')).toBe('/api/config');
    expect(loggablePath('/api/shared/AbC_123/live?frames=2')).toBe('/api/shared/***/live');
    expect(loggablePath('/share/AbC_123')).toBe('/share/***');
  });
});

describe('serve arguments', () => {
  it('reads --config, --port and --new-token, and says what is missing', () => {
    expect(parseServeArgs(['--config', 'team.json', '--port=0'])).toEqual({
      config: 'team.json',
      port: 0,
      help: false,
    });
    expect(parseServeArgs(['--new-token', 'dana'])).toMatchObject({ newTokenFor: 'dana' });
    expect(() => parseServeArgs([])).toThrow('--config is required');
    expect(() => parseServeArgs(['--config'])).toThrow('--config needs a value');
    expect(() => parseServeArgs(['--config', 'a', '--port', '70000'])).toThrow('--port must be 0..65535');
    expect(() => parseServeArgs(['--config', 'a', '--token', 'x'])).toThrow('Unknown option --token');
  });
});
