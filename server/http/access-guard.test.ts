import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { AccessGuard, maskToken } from './access-guard.ts';

function request(headers: Record<string, string>, url = '/api/config'): IncomingMessage {
  return { headers, url } as unknown as IncomingMessage;
}

describe('AccessGuard', () => {
  const guard = new AccessGuard('s3cret-token-value');
  guard.allow('127.0.0.1', 4000);
  const ok = { host: '127.0.0.1:4000', 'x-toolscope-token': 's3cret-token-value' };

  it('lets the right host, origin and token through', () => {
    expect(guard.check(request(ok))).toBeUndefined();
    expect(
      guard.check(request({ ...ok, host: 'localhost:4000', origin: 'http://localhost:4000' })),
    ).toBeUndefined();
    expect(
      guard.check(request({ host: '127.0.0.1:4000' }, '/api/ws?token=s3cret-token-value')),
    ).toBeUndefined();
  });

  it('refuses a missing or wrong token', () => {
    expect(guard.check(request({ host: '127.0.0.1:4000' }))).toMatchObject({ status: 401 });
    expect(guard.check(request({ ...ok, 'x-toolscope-token': 's3cret-token-valuE' }))).toMatchObject({
      status: 401,
    });
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin (cross-site)', () => {
    expect(guard.check(request({ ...ok, host: 'evil.example:4000' }))).toMatchObject({ status: 403 });
    expect(guard.check(request({ ...ok, host: '127.0.0.1:4001' }))).toMatchObject({ status: 403 });
    expect(guard.check(request({ ...ok, origin: 'http://evil.example' }))).toMatchObject({ status: 403 });
    expect(guard.check(request({ ...ok, origin: 'null' }))).toMatchObject({ status: 403 });
  });

  it('never shows a token in full', () => {
    expect(maskToken('abcdefghijklmnop')).not.toContain('ijklmnop');
    expect(
      guard.check(request({ ...ok, 'x-toolscope-token': 'wrong-but-long-token' }))?.reason,
    ).not.toContain('long-token');
  });
});
