import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
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
