import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { TOKEN_HEADER, TOKEN_PARAM } from '#shared/bridge-protocol.ts';

/** Why a request was refused; `status` is the HTTP status to answer with. */
export interface Refusal {
  status: 401 | 403 | 404 | 429 | 500 | 503;
  reason: string;
}

/**
 * Decides whether a request may use the bridge's API or WebSocket. Three checks, all required:
 * the Host header names this bridge (defeats DNS rebinding), the Origin, when a browser sends one,
 * is the bridge's own page (defeats cross-site requests and WebSockets), and the token matches.
 */
export class AccessGuard {
  private readonly tokenDigest: Buffer;
  private allowedHosts = new Set<string>();

  /**
   * `allowHint` says how to allow a host name, for refusals (a viewer refused for its host is told
   * which setting to change): the single-user command line's flag by default.
   */
  constructor(
    token: string,
    private readonly allowHint: (host: string) => string = (host) =>
      `if that is this bridge's name, start Toolscope with --allow-host ${host}`,
  ) {
    this.tokenDigest = digest(token);
  }

  /**
   * Sets the host:port pairs this bridge answers to, once the port is known. `extraNames` are
   * further names or addresses it is reached by (its LAN addresses when bound to all interfaces,
   * names given with --allow-host); IPv6 addresses are written in brackets. `exactHosts` are Host
   * values taken as they are, port or none (a hosted bridge's public name behind its proxy).
   */
  allow(
    host: string,
    port: number,
    extraNames: readonly string[] = [],
    exactHosts: readonly string[] = [],
  ): void {
    const names = new Set([host, '127.0.0.1', 'localhost', '[::1]', ...extraNames]);
    if (host === '::1') names.add('[::1]');
    if (host === '0.0.0.0' || host === '::') names.delete(host);
    names.delete('::1');
    this.allowedHosts = new Set([
      ...[...names].map((name) => `${name}:${port}`.toLowerCase()),
      ...exactHosts.map((name) => name.toLowerCase()),
    ]);
  }

  /** Returns undefined when the request may proceed. */
  check(request: IncomingMessage): Refusal | undefined {
    const refusal = this.checkSite(request);
    if (refusal) return refusal;
    const token = readToken(request);
    if (!token) return { status: 401, reason: 'Missing token' };
    if (!this.tokenMatches(token)) return { status: 401, reason: `Wrong token ${maskToken(token)}` };
    return undefined;
  }

  /**
   * The Host and Origin checks alone, for share links: their unguessable id stands in for the
   * token, but a foreign site must still not reach them through DNS rebinding or a cross-site socket.
   */
  checkSite(request: IncomingMessage): Refusal | undefined {
    const host = (request.headers.host ?? '').toLowerCase();
    if (!this.allowedHosts.has(host))
      return {
        status: 403,
        reason: `Host not allowed: ${host.slice(0, 80)} (${this.allowHint(host.slice(0, 80))})`,
      };
    const origin = request.headers.origin;
    if (origin !== undefined && !this.isOwnOrigin(origin)) {
      return {
        status: 403,
        reason: `Origin not allowed: ${origin.slice(0, 80)} (${this.allowHint(originHost(origin).slice(0, 80))})`,
      };
    }
    return undefined;
  }

  /** Constant-time comparison (of fixed-length digests, so length leaks nothing either). */
  tokenMatches(candidate: string): boolean {
    return timingSafeEqual(digest(candidate), this.tokenDigest);
  }

  /** True when `origin` is this bridge's own page (its scheme http or https, its host one the bridge answers to). */
  isOwnOrigin(origin: string): boolean {
    try {
      const url = new URL(origin);
      return (
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        this.allowedHosts.has(url.host.toLowerCase())
      );
    } catch {
      return false;
    }
  }
}

/** The host (and port) of an Origin header, or the header itself when it is not a URL. */
function originHost(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
}

/** The token from the header, or else from the query string (WebSockets cannot set headers). */
function readToken(request: IncomingMessage): string | undefined {
  const header = request.headers[TOKEN_HEADER];
  if (typeof header === 'string' && header) return header;
  const url = new URL(request.url ?? '/', 'http://bridge.invalid');
  return url.searchParams.get(TOKEN_PARAM) ?? undefined;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Shows only enough of a token to tell two apart in a log. */
export function maskToken(token: string): string {
  return token.length <= 8 ? '***' : `${token.slice(0, 4)}…(${token.length} chars)`;
}
