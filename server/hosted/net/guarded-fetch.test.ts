import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch } from './guarded-fetch.ts';
import type { Resolver } from './pinned-fetch.ts';
import { UrlPolicy } from './url-policy.ts';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

/** A server on 127.0.0.1 whose answers each test sets by path. */
async function startServer(routes: Record<string, Handler>): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const route = routes[request.url ?? ''];
      if (route) route(request, body, response);
      else response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

let a: { server: Server; port: number };
let b: { server: Server; port: number };
const seen: { auth?: string; method?: string; body?: string }[] = [];

beforeAll(async () => {
  b = await startServer({
    '/echo': (request, body, response) => {
      seen.push({ auth: request.headers.authorization, method: request.method, body });
      response.end('b');
    },
  });
  a = await startServer({
    '/ok': (request, body, response) => {
      seen.push({ auth: request.headers.authorization, method: request.method, body });
      response.setHeader('connection', 'close');
      response.end(`ok ${request.method} ${body}`);
    },
    '/to-loopback': (_request, _body, response) =>
      response.writeHead(307, { location: `http://127.0.0.2:${a.port}/ok` }).end(),
    '/to-b': (_request, _body, response) =>
      response.writeHead(307, { location: `http://127.0.0.1:${b.port}/echo` }).end(),
    '/see-other': (_request, _body, response) => response.writeHead(303, { location: '/ok' }).end(),
    '/loop': (_request, _body, response) => response.writeHead(302, { location: '/loop' }).end(),
    '/gzip': (_request, _body, response) =>
      response.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('compressed text')),
    '/stream': (_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: first\n\n');
      // The rest comes only once the client read the first event (it holds the stream open).
      streamRest = () => response.end('data: last\n\n');
    },
  });
});
afterAll(async () => {
  await Promise.all([a, b].map(({ server }) => new Promise((resolve) => server.close(resolve))));
});
let streamRest: () => void = () => {};

const loopbackOnly = new UrlPolicy({ allow: ['127.0.0.1/32'], deny: [] });

describe('guarded fetch', () => {
  it('fetches an allowed address, with the body and method given', async () => {
    const { fetch, close } = createGuardedFetch(loopbackOnly);
    const response = await fetch(`http://127.0.0.1:${a.port}/ok`, { method: 'POST', body: '{"x":1}' });
    expect(await response.text()).toBe('ok POST {"x":1}');
    expect(response.url).toBe(`http://127.0.0.1:${a.port}/ok`);
    close();
  });

  it('refuses loopback, private and link-local addresses unless a range allows them', async () => {
    const { fetch, close } = createGuardedFetch(new UrlPolicy({ allow: [], deny: [] }));
    await expect(fetch(`http://127.0.0.1:${a.port}/ok`)).rejects.toThrow('127.0.0.1 is a loopback address');
    await expect(fetch('http://[::ffff:169.254.169.254]/latest')).rejects.toThrow('link-local');
    await expect(fetch('http://[fd00::1]/')).rejects.toThrow('unique local');
    await expect(fetch('http://10.1.2.3/')).rejects.toThrow('private address');
    close();
  });

  it('checks the addresses a host name resolves to', async () => {
    const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const { fetch, close } = createGuardedFetch(new UrlPolicy({ allow: [], deny: [] }), { resolve });
    await expect(fetch(`http://inside.test:${a.port}/ok`)).rejects.toThrow(
      'inside.test resolves to 127.0.0.1, which is a loopback address',
    );
    close();
  });

  it('checks the address actually connected to, so a DNS answer that changes cannot slip through', async () => {
    let calls = 0;
    const resolve: Resolver = async () => [{ address: calls++ === 0 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
    const { fetch, close } = createGuardedFetch(loopbackOnly, { resolve });
    // The server closes each connection, so every request resolves and connects again.
    expect(await (await fetch(`http://rebind.test:${a.port}/ok`)).text()).toContain('ok GET');
    await expect(fetch(`http://rebind.test:${a.port}/ok`)).rejects.toThrow('127.0.0.2, which is a loopback');
    close();
  });

  it('checks every redirect, and refuses one that leads to a denied address', async () => {
    const { fetch, close } = createGuardedFetch(loopbackOnly);
    await expect(fetch(`http://127.0.0.1:${a.port}/to-loopback`)).rejects.toThrow('127.0.0.2 is a loopback');
    const manual = await fetch(`http://127.0.0.1:${a.port}/to-loopback`, { redirect: 'manual' });
    expect(manual.status).toBe(307);
    await expect(fetch(`http://127.0.0.1:${a.port}/loop`)).rejects.toThrow('fetch failed');
    close();
  });

  it('follows redirects by fetch rules: 307 keeps the body, 303 turns into GET, credentials stay in their origin', async () => {
    const { fetch, close } = createGuardedFetch(loopbackOnly);
    seen.length = 0;
    const moved = await fetch(`http://127.0.0.1:${a.port}/to-b`, {
      method: 'POST',
      body: 'kept',
      headers: { authorization: 'Bearer user-secret' },
    });
    expect(await moved.text()).toBe('b');
    expect(seen).toEqual([{ auth: undefined, method: 'POST', body: 'kept' }]);
    const other = await fetch(`http://127.0.0.1:${a.port}/see-other`, {
      method: 'POST',
      body: 'dropped',
      headers: { authorization: 'Bearer same-origin' },
    });
    expect(await other.text()).toBe('ok GET ');
    expect(seen.at(-1)).toMatchObject({ auth: 'Bearer same-origin' });
    close();
  });

  it('refuses denied host names before any lookup', async () => {
    const { fetch, close } = createGuardedFetch(new UrlPolicy({ allow: [], deny: ['*.internal.example'] }));
    await expect(fetch('https://db.internal.example/mcp')).rejects.toThrow("on this bridge's deny list");
    close();
  });

  it('streams the body as it arrives, and decodes gzip', async () => {
    const { fetch, close } = createGuardedFetch(loopbackOnly);
    expect(await (await fetch(`http://127.0.0.1:${a.port}/gzip`)).text()).toBe('compressed text');
    const response = await fetch(`http://127.0.0.1:${a.port}/stream`);
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toBe('data: first\n\n');
    streamRest();
    const rest = new TextDecoder().decode((await reader.read()).value);
    expect(rest).toBe('data: last\n\n');
    close();
  });

  it('stops a request when its signal aborts', async () => {
    const { fetch, close } = createGuardedFetch(loopbackOnly);
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${a.port}/stream`, { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    close();
  });
});
