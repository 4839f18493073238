import type { IncomingMessage } from 'node:http';
import type { AuthMethod } from '#shared/hosted.ts';
import type { Refusal } from '../../http/access-guard.ts';
import { inAnyCidr, parseCidr, parseIp, type Cidr } from '../net/cidr.ts';
import { headerValue } from '../http/proxy-trust.ts';
import type { RevokedSignIns, SignInClaims, CookieSigner } from './sign-in-cookie.ts';
import type { TokenDirectory } from './token-directory.ts';
import { readSessionCookie } from './cookies.ts';
import { ProxySecret, type ProxySecretConfig } from './proxy-secret.ts';
import { userNameSchema } from '../config/config-schema.ts';

/** Who made a request, and how the bridge knows. */
export interface Identity {
  user: string;
  via: AuthMethod;
  /** What the cookie says, when signed in with one. */
  signIn?: SignInClaims;
}

/** The trusted identity header: its name and the proxies allowed to set it. */
export interface TrustedHeaderConfig {
  name: string;
  from: readonly string[];
  /** When set, the header counts only on requests that also carry this secret header from the proxy. */
  proxySecret?: ProxySecretConfig;
}

/**
 * Finds out who sent a request, in this order: an `Authorization: Bearer` token (a wrong one is
 * refused outright, never passed over), the trusted identity header when the request comes from a
 * trusted proxy's address (from anywhere else it is ignored), then the session cookie.
 */
export class Authenticator {
  private headerName: string | undefined;
  private headerFrom: Cidr[] = [];
  private proxySecret = new ProxySecret(undefined);

  constructor(
    private tokens: TokenDirectory,
    private readonly signer: CookieSigner,
    private readonly revoked: RevokedSignIns,
    trustedHeader: TrustedHeaderConfig | undefined,
  ) {
    this.reconfigure(tokens, trustedHeader);
  }

  /** Takes the tokens and trusted header of a reloaded config; requests from now on are checked against them. */
  reconfigure(tokens: TokenDirectory, trustedHeader: TrustedHeaderConfig | undefined): void {
    this.tokens = tokens;
    this.headerName = trustedHeader?.name.toLowerCase();
    this.headerFrom = (trustedHeader?.from ?? []).map(parseCidr);
    this.proxySecret = new ProxySecret(trustedHeader?.proxySecret);
  }

  /** The identity of the request, or why it has none (401). */
  identify(request: IncomingMessage): Identity | Refusal {
    const authorization = headerValue(request, 'authorization');
    if (authorization !== undefined) return this.fromAuthorization(authorization);
    const several = this.namesSeveralUsers(request);
    if (several) return several;
    const fromHeader = this.fromTrustedHeader(request);
    if (fromHeader) return fromHeader;
    const cookie = readSessionCookie(request);
    if (cookie !== undefined) return this.fromCookie(cookie);
    return { status: 401, reason: 'Sign in first: no credentials were sent' };
  }

  /** Checks a token typed into the sign-in page. */
  checkToken(token: string): { user: string; tag: string } | undefined {
    return token ? this.tokens.find(token) : undefined;
  }

  /** True when the request carries the identity header from an address not trusted to set it. */
  hasUntrustedHeader(request: IncomingMessage): boolean {
    return (
      this.headerName !== undefined &&
      request.headers[this.headerName] !== undefined &&
      !this.trustsSender(request)
    );
  }

  private fromAuthorization(value: string): Identity | Refusal {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
    if (!match) return { status: 401, reason: 'Use "Authorization: Bearer <token>"' };
    const found = this.tokens.find(match[1]!);
    return found ? { user: found.user, via: 'token' } : { status: 401, reason: 'Wrong token' };
  }

  /**
   * Refuses an identity header from a trusted proxy that names more than one user: sent twice, or
   * once with a comma (a proxy that merges repeated headers sends "alice, bob" as one value).
   * Either would otherwise read as a new user nobody signed in as, or as one of them by chance.
   */
  private namesSeveralUsers(request: IncomingMessage): Refusal | undefined {
    if (!this.headerName || !this.trustsSender(request)) return undefined;
    if (timesSent(request, this.headerName) > 1)
      return { status: 401, reason: `The identity header ${this.headerName} came more than once` };
    if (headerValue(request, this.headerName)?.includes(','))
      return {
        status: 401,
        reason: `The identity header ${this.headerName} names more than one user (a comma in its value)`,
      };
    return undefined;
  }

  private fromTrustedHeader(request: IncomingMessage): Identity | undefined {
    if (!this.headerName || !this.trustsSender(request)) return undefined;
    // Node joins a repeated header ("alice, bob"): that would be a new user nobody signed in as.
    if (timesSent(request, this.headerName) !== 1) return undefined;
    const value = headerValue(request, this.headerName)?.trim();
    if (!value || !userNameSchema.safeParse(value).success) return undefined;
    return { user: value, via: 'header' };
  }

  private fromCookie(value: string): Identity | Refusal {
    const claims = this.signer.verify(value);
    if (!claims || this.revoked.has(claims.id) || !this.tokens.holds(claims.user, claims.tokenTag))
      return { status: 401, reason: 'Your session expired or was signed out: sign in again' };
    return { user: claims.user, via: 'cookie', signIn: claims };
  }

  private trustsSender(request: IncomingMessage): boolean {
    const ip = parseIp(request.socket.remoteAddress ?? '');
    return ip !== undefined && inAnyCidr(this.headerFrom, ip) && this.proxySecret.vouchesFor(request);
  }
}

/** True when `result` is a refusal rather than an identity. */
export function isRefusal(result: Identity | Refusal): result is Refusal {
  return 'status' in result;
}

/** How many times the request carries header `name` (lower case). */
function timesSent(request: IncomingMessage, name: string): number {
  let count = 0;
  for (let index = 0; index < request.rawHeaders.length; index += 2)
    if (request.rawHeaders[index]!.toLowerCase() === name) count++;
  return count;
}
