import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import { listAllTools, MAX_PAGES } from './list-all-tools.ts';

/** A connected client whose server answers tools/list with `page(cursor)`; counts the requests. */
async function clientFor(page: (cursor: string | undefined) => { tools: unknown[]; nextCursor?: string }) {
  const server = new Server({ name: 'pages', version: '1' }, { capabilities: { tools: {} } });
  let requests = 0;
  server.setRequestHandler('tools/list', (request) => {
    requests++;
    return page(request.params?.cursor) as never;
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 't', version: '1' });
  await client.connect(clientSide);
  return { client, requests: () => requests };
}

const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });

describe('listAllTools guards', () => {
  it('follows cursors to the end, keeping malformed entries out and every tool in', async () => {
    const { client } = await clientFor((cursor) =>
      cursor === undefined ? { tools: [tool('a'), 'junk', null], nextCursor: 'p2' } : { tools: [tool('b')] },
    );
    expect((await listAllTools(client)).map((t) => t.name)).toEqual(['a', 'b']);
  });

  it('stops when the server repeats a cursor, with the reason', async () => {
    const { client, requests } = await clientFor((cursor) => ({
      tools: [tool(`t-${cursor ?? 0}`)],
      nextCursor: cursor === undefined ? 'again' : 'again',
    }));
    await expect(listAllTools(client)).rejects.toThrow(
      'The server repeated the cursor "again"; stopped listing',
    );
    expect(requests()).toBe(2);
  });

  it('stops after the page limit when the server never runs out of new cursors', async () => {
    const { client, requests } = await clientFor((cursor) => ({
      tools: [],
      nextCursor: String(Number(cursor ?? 0) + 1),
    }));
    await expect(listAllTools(client, undefined, 25)).rejects.toThrow('Stopped listing tools after 25 pages');
    expect(requests()).toBe(25);
    expect(MAX_PAGES).toBe(1000);
  });
});
