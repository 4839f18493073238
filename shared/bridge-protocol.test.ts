import { describe, expect, it } from 'vitest';
import { frameSchema, parseClientMessages } from './bridge-protocol.ts';

const one = (value: unknown) => parseClientMessages(JSON.stringify(value))[0];

describe('messages from the browser', () => {
  it('accepts the three kinds, keeping fields a newer page may add', () => {
    const connect = {
      type: 'connect',
      target: { transport: 'stdio', command: 'node', args: ['s.js'], env: { A: 'a' } },
      later: 1,
    };
    expect(one(connect)).toEqual(connect);
    const send = { type: 'send', message: { jsonrpc: '2.0', id: 1, method: 'ping' } };
    expect(one(send)).toEqual(send);
    expect(one({ type: 'disconnect' })).toEqual({ type: 'disconnect' });
  });

  it("accepts a send's origin only when it is one the trace knows, and says what is wrong", () => {
    const message = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 't' } };
    for (const origin of ['model', 'view'])
      expect(one({ type: 'send', message, origin })).toEqual({ type: 'send', message, origin });
    for (const origin of ['user', '<img src=x onerror=alert(1)>', 7, { model: true }, 'x'.repeat(100_000)]) {
      const read = one({ type: 'send', message, origin });
      expect(read).toMatchObject({
        type: 'refused',
        connect: false,
        error: expect.stringMatching(/^origin: /),
      });
      expect(JSON.stringify(read).length).toBeLessThan(500); // the refusal does not echo a long value
    }
  });

  it('accepts cancel and protocol-version, and says what is wrong with them', () => {
    expect(one({ type: 'cancel', id: 7 })).toEqual({ type: 'cancel', id: 7 });
    expect(one({ type: 'cancel', id: 'a' })).toEqual({ type: 'cancel', id: 'a' });
    expect(one({ type: 'cancel', id: 1.5 })).toMatchObject({ type: 'refused', connect: false });
    expect(one({ type: 'cancel' })).toMatchObject({ type: 'refused', error: expect.stringContaining('id') });
    expect(one({ type: 'protocol-version', version: '2025-11-25' })).toEqual({
      type: 'protocol-version',
      version: '2025-11-25',
    });
    expect(one({ type: 'protocol-version', version: '' })).toMatchObject({ type: 'refused' });
  });

  it('checks a connect message and its target in full, and says where it is wrong', () => {
    expect(one({ type: 'connect' })).toEqual({
      type: 'refused',
      error: 'target: expected an object, got nothing',
      connect: true,
    });
    expect(one({ type: 'connect', target: { transport: 'stdio', command: 'x', args: 'a b' } })).toEqual({
      type: 'refused',
      error: 'target.args: expected a list, got "a b"',
      connect: true,
    });
    expect(one({ type: 'connect', target: { transport: 'http', url: 'ftp://h/x' } })).toMatchObject({
      error: 'target.url: Only http(s) URLs are supported, not ftp:',
      connect: true,
    });
    expect(one({ type: 'connect', target: { transport: 'stdio', command: '  ', args: [] } })).toMatchObject({
      error: 'target.command: A command is required for a stdio server.',
    });
  });

  it('accepts a connect that names a catalog server, with the user header values, and checks them', () => {
    const connect = {
      type: 'connect',
      catalog: { server: 'github', headers: { Authorization: 'Bearer x' } },
    };
    expect(one(connect)).toEqual(connect);
    expect(one({ type: 'connect', catalog: { server: '' } })).toMatchObject({
      error: 'catalog.server: expected a server name',
      connect: true,
    });
    expect(one({ type: 'connect', catalog: { server: 'a', headers: { 'Bad Name': 'v' } } })).toMatchObject({
      type: 'refused',
      connect: true,
    });
    expect(
      one({ type: 'connect', catalog: { server: 'a', headers: { X: 'a\r\nHost: evil' } } }),
    ).toMatchObject({
      error: 'catalog.headers.X: expected one line of text',
    });
    expect(
      one({
        type: 'connect',
        catalog: { server: 'a' },
        target: { transport: 'stdio', command: 'x', args: [] },
      }),
    ).toMatchObject({ error: 'target: give either target or catalog, not both', connect: true });
  });

  it('refuses a send without a message object, and anything that is not a message', () => {
    expect(one({ type: 'send', message: 'ping' })).toEqual({
      type: 'refused',
      error: 'message: expected an object',
      connect: false,
    });
    expect(one(5)).toEqual({ type: 'refused', error: 'expected an object, got 5', connect: false });
  });
});

describe('stored frames', () => {
  it('read an origin mark only from the fixed list, so a session file cannot name one the trace cannot show', () => {
    const base = { seq: 0, time: 1, direction: 'in', bytes: 2 };
    const reads = (extra: object) => frameSchema.safeParse({ ...base, ...extra }).success;
    expect(reads({ origin: 'view', during: { origin: 'model', tool: 'deploy' } })).toBe(true);
    expect(reads({ origin: 'user' })).toBe(false);
    expect(reads({ during: { origin: 'admin', tool: 'deploy' } })).toBe(false);
    expect(reads({ during: { origin: 'model' } })).toBe(false);
  });
});
