import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { inAnyCidr, parseCidr, parseIp, type Cidr } from '../net/cidr.ts';

/**
 * What the bridge believes of a request's X-Forwarded-* headers: only what a trusted reverse proxy
 * (by its address) set. Anyone else could write them.
 */
export class ProxyTrust {
  private ranges: Cidr[];

  constructor(ranges: readonly string[]) {
    this.ranges = ranges.map(parseCidr);
  }

  /** Trusts `ranges` from now on (a reloaded config's trusted header names other proxies). */
  update(ranges: readonly string[]): void {
    this.ranges = ranges.map(parseCidr);
  }

  /** True when `address` (a socket's remote address) is one of the trusted proxies. */
  trusts(address: string | undefined): boolean {
    const ip = address ? parseIp(address) : undefined;
    return ip !== undefined && inAnyCidr(this.ranges, ip);
  }

  /** True when the browser's request came over HTTPS: to this socket, or to a trusted proxy that says so. */
  isHttps(request: IncomingMessage): boolean {
    if ((request.socket as Partial<TLSSocket>).encrypted) return true;
    if (!this.trusts(request.socket.remoteAddress)) return false;
    const proto = headerValue(request, 'x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
    return proto === 'https';
  }

  /**
   * The client's address: the socket's, or behind trusted proxies the last X-Forwarded-For entry
   * that is not itself a trusted proxy (entries left of it could be forged by the client).
   */
  clientAddress(request: IncomingMessage): string {
    const remote = request.socket.remoteAddress ?? '';
    if (!this.trusts(remote)) return remote;
    const chain = (headerValue(request, 'x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    for (let index = chain.length - 1; index >= 0; index--) {
      if (!this.trusts(chain[index])) return chain[index]!.slice(0, 100);
    }
    return remote;
  }

  /** The proxy's request id, when a trusted proxy sent a plain one. */
  requestId(request: IncomingMessage): string | undefined {
    if (!this.trusts(request.socket.remoteAddress)) return undefined;
    const id = headerValue(request, 'x-request-id');
    return id && /^[\w.:-]{1,100}$/.test(id) ? id : undefined;
  }
}

/** One header's value; repeated headers are joined the way Node joins them. */
export function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
