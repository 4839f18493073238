/**
 * The demo server over Streamable HTTP, in both eras on one endpoint:
 * - 2026-07-28 requests (they carry the `_meta` envelope) go to the SDK's per-request handler
 *   (`createMcpHandler`, strict: it checks `Mcp-Method`, `Mcp-Name` and `Mcp-Param-*` against the
 *   body and answers 400 -32020 when they disagree), with a fresh McpServer per request built from
 *   the shared {@link DemoState}; list changes reach open `subscriptions/listen` streams.
 * - 2025-era traffic gets a session of its own (`Mcp-Session-Id`) with one McpServer, so it keeps
 *   server-to-client requests (elicitation, sampling, roots), the GET stream and list_changed; the
 *   SDK's stateless fallback would refuse those.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import { createDemoServer } from './create-demo-server.ts';
import { DemoState } from './demo-state.ts';

/** Largest request body the demo reads (the SDK's own default). */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A running HTTP demo server. */
export interface DemoHttpServer {
  /** The MCP endpoint, e.g. `http://127.0.0.1:3001/mcp`. */
  url: string;
  /** Open 2025-era sessions (for tests). */
  readonly sessionCount: number;
  /** 2025-era GET streams opened so far (for tests: a notification before its session's stream is lost). */
  readonly getStreams: number;
  close(): Promise<void>;
}

/** Starts the demo on `host:port` (port 0 = a free one), endpoint `/mcp`. */
export async function startDemoHttp(
  options: { port?: number; host?: string; state?: DemoState; log?: (line: string) => void } = {},
): Promise<DemoHttpServer> {
  const state = options.state ?? new DemoState();
  const log = options.log ?? ((line: string) => console.error(line));
  const modern = createMcpHandler(() => createDemoServer({ state, live: false }), {
    legacy: 'reject',
    onerror: (error) => log(`[modern] ${error.message}`),
  });
  const serveModern = toNodeHandler(modern);
  const stopFollowing = state.onToolsChanged(() => modern.notify.toolsChanged());
  const sessions = new Map<string, NodeStreamableHTTPServerTransport>();
  const host = options.host ?? '127.0.0.1';
  let getStreams = 0;

  const serve = async (request: IncomingMessage, response: ServerResponse) => {
    // DNS rebinding: a loopback server answers loopback names only.
    const hostname = new URL(`http://${request.headers.host ?? ''}`).hostname;
    if (LOOPBACK_HOSTS.has(host) && !LOOPBACK_HOSTS.has(hostname))
      return reply(response, 403, 'Forbidden host');
    if (new URL(request.url ?? '/', 'http://demo.invalid').pathname !== '/mcp')
      return reply(response, 404, 'Not found');
    const sessionId = request.headers['mcp-session-id'];
    const session = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    const body = request.method === 'POST' ? await readJson(request) : undefined;
    if (body && !body.ok) return rpcError(response, 400, -32700, `Parse error: ${body.error}`);
    const parsed = body?.value;
    if (session) {
      if (request.method === 'GET') getStreams++;
      return session.handleRequest(request, response, parsed);
    }
    if (typeof sessionId === 'string' && request.method !== 'POST')
      return rpcError(response, 404, -32001, 'Session not found');
    if (request.method !== 'POST') return reply(response, 405, 'Method not allowed');
    if (!(await isLegacyRequest(await toWebRequest(request, parsed), parsed)))
      return serveModern(request, response, parsed);
    if (typeof sessionId === 'string') return rpcError(response, 404, -32001, 'Session not found');
    if (!isInitialize(parsed))
      return rpcError(response, 400, -32000, 'Bad Request: no session; send initialize first');
    await openSession(request, response, parsed);
  };

  const openSession = async (request: IncomingMessage, response: ServerResponse, body: unknown) => {
    const server = createDemoServer({ state, live: true });
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, transport),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      void server.close();
    };
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
  };

  const http = createServer((request, response) => {
    serve(request, response).catch((error: unknown) => {
      log(`[http] ${(error as Error).message}`);
      if (!response.headersSent) reply(response, 500, 'Internal error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, resolve);
  });
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/mcp`,
    get sessionCount() {
      return sessions.size;
    },
    get getStreams() {
      return getStreams;
    },
    async close() {
      stopFollowing();
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      await modern.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      if (!options.state) state.close();
    },
  };
}

function isInitialize(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((message) => (message as { method?: unknown } | null)?.method === 'initialize');
}

function reply(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain' }).end(text);
}

function rpcError(response: ServerResponse, status: number, code: number, message: string): void {
  response
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }));
}

/** The request's JSON body; an empty body reads as undefined. */
async function readJson(
  request: IncomingMessage,
): Promise<{ ok: true; value: unknown } | { ok: false; error: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return { ok: false, error: 'body too large' };
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}
