import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/** Resolves a host name to all its addresses (dns.lookup with `all`; tests pass their own). */
export type Resolver = (host: string) => Promise<LookupAddress[]>;

/** The system resolver, as dns.lookup sees it (hosts file included). */
export const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** The bridge refused an address (a policy said no); its message says why. */
export class AddressRefusedError extends Error {
  readonly code = 'ERR_ADDRESS_REFUSED';
}

/** Options of {@link createPinnedFetch}. */
export interface PinnedFetchOptions {
  /** Why `address` may not be used for `host`, or undefined when it may. */
  checkAddress(host: string, address: string): string | undefined;
  resolve?: Resolver;
  /** How long a TCP connection may take to open; 10 s by default. */
  connectTimeoutMs?: number;
}

/** A fetch bound to its own connection pool; `close` ends the pool's idle connections. */
export interface PinnedFetch {
  fetch: (url: URL, init?: RequestInit) => Promise<Response>;
  close(): void;
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * One HTTP request per call (redirects are returned, never followed), made with node:http so that
 * the address a connection uses is the one that was checked: the host name is resolved in the
 * socket's `lookup` hook, each answer goes through `checkAddress`, and only the allowed ones are
 * connected to. A DNS answer that changes between a check and the connection (DNS rebinding)
 * cannot slip through, because there is no second lookup. Connections are pooled per instance,
 * so one connection's pool never carries another's (differently checked) sockets.
 */
export function createPinnedFetch(options: PinnedFetchOptions): PinnedFetch {
  const resolve = options.resolve ?? systemResolver;
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  const lookup: LookupFunction = (host, lookupOptions, callback) => {
    const reply = callback as (
      error: Error | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void;
    resolve(host).then(
      (addresses) => {
        const allowed = addresses.filter((entry) => !options.checkAddress(host, entry.address));
        if (!allowed.length) {
          const reason = addresses.length
            ? options.checkAddress(host, addresses[0]!.address)!
            : `${host} has no address`;
          return reply(new AddressRefusedError(reason), []);
        }
        if (lookupOptions.all) return reply(null, allowed);
        const wanted = allowed.find(
          (entry) => !lookupOptions.family || entry.family === lookupOptions.family,
        );
        if (!wanted)
          return reply(
            new AddressRefusedError(`${host} has no allowed IPv${lookupOptions.family} address`),
            [],
          );
        reply(null, wanted.address, wanted.family);
      },
      (error: Error) => reply(error, []),
    );
  };
  return {
    fetch: (url, init) =>
      request(url, init, { agents, lookup, connectTimeoutMs: options.connectTimeoutMs ?? 10_000 }),
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

interface RequestContext {
  agents: { http: http.Agent; https: https.Agent };
  lookup: LookupFunction;
  connectTimeoutMs: number;
}

async function request(url: URL, init: RequestInit | undefined, context: RequestContext): Promise<Response> {
  // A Request reads every form of headers and body fetch accepts, and follows init.signal.
  const normalized = new Request(url, { ...init, redirect: 'manual' });
  const body = normalized.body ? Buffer.from(await normalized.arrayBuffer()) : undefined;
  const headers: Record<string, string> = { accept: '*/*', 'user-agent': 'toolscope' };
  for (const [name, value] of normalized.headers) headers[name] = value;
  // Compressed answers are decoded below; ask for the kinds this can decode.
  headers['accept-encoding'] = 'gzip, deflate, br';
  if (body) headers['content-length'] = String(body.length);
  const secure = url.protocol === 'https:';
  const signal = normalized.signal;
  signal.throwIfAborted();
  return new Promise<Response>((resolve, reject) => {
    const req = (secure ? https : http).request({
      hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: normalized.method,
      headers,
      agent: secure ? context.agents.https : context.agents.http,
      lookup: context.lookup,
      signal,
    });
    req.once('socket', (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(
        () =>
          req.destroy(new Error(`Could not connect to ${url.host} within ${context.connectTimeoutMs} ms`)),
        context.connectTimeoutMs,
      );
      socket.once('connect', () => clearTimeout(timer));
      socket.once('close', () => clearTimeout(timer));
    });
    req.once('error', (error) => reject(asFetchError(error)));
    req.once('response', (res) => {
      try {
        resolve(toResponse(res, url, normalized.method));
      } catch (error) {
        res.destroy();
        reject(asFetchError(error as Error));
      }
    });
    req.end(body);
  });
}

function toResponse(res: http.IncomingMessage, url: URL, method: string): Response {
  const status = res.statusCode ?? 0;
  if (status < 200 || status > 599) throw new Error(`Unexpected HTTP status ${status}`);
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
    headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
  const empty = NULL_BODY_STATUSES.has(status) || method === 'HEAD';
  if (empty) res.resume();
  const decoded = empty ? undefined : decode(res, headers.get('content-encoding'));
  const response = new Response(decoded ? (Readable.toWeb(decoded) as ReadableStream<Uint8Array>) : null, {
    status,
    statusText: res.statusMessage ?? '',
    headers,
  });
  // As fetch does: the URL this answer came from (redirects read their Location against it).
  Object.defineProperty(response, 'url', { value: url.href });
  return response;
}

/** The body, decompressed as fetch would do it. */
function decode(res: http.IncomingMessage, encoding: string | null): Readable {
  const kind = encoding?.trim().toLowerCase();
  const decoder =
    kind === 'gzip' || kind === 'x-gzip'
      ? zlib.createGunzip()
      : kind === 'deflate'
        ? zlib.createInflate()
        : kind === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
  if (!decoder) return res;
  res.once('error', (error) => decoder.destroy(error));
  return res.pipe(decoder);
}

/** Errors look like fetch's: a TypeError "fetch failed" whose cause says what happened. */
function asFetchError(error: Error): Error {
  if (error.name === 'AbortError') return error;
  if (error instanceof AddressRefusedError) return error;
  return new TypeError('fetch failed', { cause: error });
}
