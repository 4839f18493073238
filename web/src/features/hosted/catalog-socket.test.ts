import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseClientMessages } from '#shared/bridge-protocol.ts';
import { CatalogBridgeSocket, catalogServerOf, catalogTarget } from './catalog-socket.ts';
import { UserHeaderValues } from './user-header-values.ts';

/** The part of the browser's WebSocket that BridgeSocket uses; it opens at once and keeps what is sent. */
class FakeWebSocket extends EventTarget {
  static readonly OPEN = 1;
  static last: FakeWebSocket | undefined;
  readonly OPEN = 1;
  readyState = 0;
  readonly sent: string[] = [];
  constructor(readonly url: string) {
    super();
    FakeWebSocket.last = this;
    queueMicrotask(() => {
      this.readyState = 1;
      this.dispatchEvent(new Event('open'));
    });
  }
  send(text: string): void {
    this.sent.push(text);
  }
  close(): void {}
}

beforeEach(() => vi.stubGlobal('WebSocket', FakeWebSocket));
afterEach(() => vi.unstubAllGlobals());

async function sentBy(send: (socket: CatalogBridgeSocket) => void, headers = new UserHeaderValues()) {
  const socket = new CatalogBridgeSocket('ws://bridge/api/ws', headers);
  await socket.ready();
  send(socket);
  await Promise.resolve();
  return FakeWebSocket.last!.sent.flatMap((text) => parseClientMessages(text));
}

describe('CatalogBridgeSocket', () => {
  it('sends the connect of a catalog target as a catalog connect, naming the entry only', async () => {
    expect(await sentBy((socket) => socket.send({ type: 'connect', target: catalogTarget('demo') }))).toEqual(
      [{ type: 'connect', catalog: { server: 'demo' } }],
    );
  });

  it('carries the era the page picked for the entry', async () => {
    expect(
      await sentBy((socket) => socket.send({ type: 'connect', target: catalogTarget('demo', 'modern') })),
    ).toEqual([{ type: 'connect', catalog: { server: 'demo', era: 'modern' } }]);
  });

  it("adds the user's own non-empty header values for that entry, and no other entry's", async () => {
    const headers = new UserHeaderValues();
    headers.set('crm', 'Authorization', 'Bearer mine');
    headers.set('crm', 'X-Empty', '');
    headers.set('other', 'Authorization', 'Bearer not-for-crm');
    const sent = await sentBy(
      (socket) => socket.send({ type: 'connect', target: catalogTarget('crm') }),
      headers,
    );
    expect(sent).toEqual([
      { type: 'connect', catalog: { server: 'crm', headers: { Authorization: 'Bearer mine' } } },
    ]);
  });

  it("passes a user URL's connect and every other message through unchanged", async () => {
    const target = { transport: 'http' as const, url: 'https://mcp.example/mcp' };
    const sent = await sentBy((socket) => {
      socket.send({ type: 'connect', target });
      socket.send({ type: 'send', message: { jsonrpc: '2.0', id: 1, method: 'ping' } });
      socket.send({ type: 'disconnect' });
    });
    expect(sent).toEqual([
      { type: 'connect', target },
      { type: 'send', message: { jsonrpc: '2.0', id: 1, method: 'ping' } },
      { type: 'disconnect' },
    ]);
  });

  it('reads the entry back from its target, and none from a URL', () => {
    expect(catalogServerOf(catalogTarget('demo'))).toBe('demo');
    expect(catalogServerOf({ transport: 'sse', url: 'https://x/sse' } as never)).toBeUndefined();
  });
});
