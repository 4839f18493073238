import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildViewCsp, decodeCspDomains } from '#shared/view-csp.ts';
import { SANDBOX_HTML, SANDBOX_SCRIPT } from './sandbox-page.ts';

/** The sandbox proxy's own listener (a second port of the bridge: another origin than the page's). */
export interface RunningSandbox {
  /** The origin pages load the proxy from, e.g. `http://127.0.0.1:41235`. */
  origin: string;
  port: number;
  close(): Promise<void>;
}

/** Where the proxy listens; `publicOrigin` replaces the address pages see (hosted: a host name of its own). */
export interface SandboxOptions {
  host: string;
  port?: number;
  publicOrigin?: string;
  /**
   * Whether an origin is the bridge's own page (the only one that may frame the proxy): the `host`
   * parameter is written into `frame-ancestors`, so another site must not be able to name itself there.
   */
  isPageOrigin: (origin: string) => boolean;
}

const PAGE_ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$|^https?:\/\/\[[0-9a-f:]+\](:\d{1,5})?$/i;

/**
 * Answers `GET /sandbox?host=<page origin>&csp=<declared domains>` with the proxy page under the View's
 * policy (frame-ancestors: that page origin only, which must be the bridge's own), and `GET /sandbox.js`
 * with its script. Nothing else.
 */
export function handleSandboxRequest(
  request: IncomingMessage,
  response: ServerResponse,
  isPageOrigin: (origin: string) => boolean,
): void {
  const url = new URL(request.url ?? '/', 'http://sandbox.invalid');
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Referrer-Policy', 'no-referrer');
  response.setHeader('Cache-Control', 'no-store');
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { 'Content-Type': 'text/plain' }).end('Method not allowed');
    return;
  }
  if (url.pathname === '/sandbox.js') {
    response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' }).end(SANDBOX_SCRIPT);
    return;
  }
  if (url.pathname !== '/sandbox') {
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    return;
  }
  const host = url.searchParams.get('host') ?? '';
  if (!PAGE_ORIGIN.test(host)) {
    response
      .writeHead(400, { 'Content-Type': 'text/plain' })
      .end('The host parameter must be an http(s) origin');
    return;
  }
  if (!isPageOrigin(host)) {
    response
      .writeHead(403, { 'Content-Type': 'text/plain' })
      .end("The host parameter must be this bridge's page origin");
    return;
  }
  const { policy } = buildViewCsp(decodeCspDomains(url.searchParams.get('csp')));
  response.setHeader('Content-Security-Policy', `${policy}; frame-ancestors ${host}`);
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(SANDBOX_HTML);
}

/** Starts the proxy's listener. */
export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const server = createServer((request, response) =>
    handleSandboxRequest(request, response, options.isPageOrigin),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const host = options.host;
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return {
    origin: options.publicOrigin ?? `http://${shown}:${port}`,
    port,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
