import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The shared secret header of `auth.trustedHeader.proxySecret`: its name and the value only the proxy knows. */
export interface ProxySecretConfig {
  header: string;
  value: string;
}

/**
 * The proxy's proof that it set the identity header itself. Trusting the header by the sender's
 * address alone trusts every process that can connect from that address (on loopback: any local
 * process, a stdio catalog server included); with a secret, only a sender that knows it counts.
 */
export class ProxySecret {
  private readonly header: string | undefined;
  private readonly digest: Buffer | undefined;

  constructor(config: ProxySecretConfig | undefined) {
    this.header = config?.header.toLowerCase();
    this.digest = config && sha256(config.value);
  }

  /** True when no secret is set, or `request` carries it, once, with the right value. */
  vouchesFor(request: IncomingMessage): boolean {
    if (!this.header || !this.digest) return true;
    const value = request.headers[this.header];
    if (typeof value !== 'string') return false;
    // Digests of equal length: the comparison's time says nothing about how close a guess was.
    return timingSafeEqual(sha256(value), this.digest);
  }
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
