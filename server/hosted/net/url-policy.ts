import { isIP } from 'node:net';
import { formatIp, inAnyCidr, parseCidr, parseIp, type Cidr } from './cidr.ts';
import { specialKind } from './special-ranges.ts';

/** The allow and deny lists of user-entered URLs: host names (`api.example.com`, `*.example.com`) and CIDRs. */
export interface UrlPolicyLists {
  allow: readonly string[];
  deny: readonly string[];
}

interface Rules {
  hosts: string[];
  ranges: Cidr[];
}

/**
 * Decides whether a user-entered URL may be reached, in two steps: {@link checkUrl} before any DNS
 * lookup (scheme, host names), {@link checkAddress} for each address a connection is about to use.
 * Rules, in order: a denied host or address is refused; an address in a special range (loopback,
 * private, link-local, …) is refused unless an allow CIDR holds it (allowing a host name is not
 * enough, since whoever runs its DNS chooses its addresses); with a non-empty allow list, the host
 * or the address must be on it.
 */
export class UrlPolicy {
  private readonly allow: Rules;
  private readonly deny: Rules;

  /** Throws when an entry is neither a host name nor an address range. */
  constructor(lists: UrlPolicyLists) {
    this.allow = readRules(lists.allow);
    this.deny = readRules(lists.deny);
  }

  /** Why the URL may not be reached, judged before any lookup; undefined when it may. */
  checkUrl(url: URL): string | undefined {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return `Only http(s) URLs are allowed, not ${url.protocol}`;
    const host = hostOf(url);
    if (matchesHost(this.deny.hosts, host)) return `${host} is on this bridge's deny list`;
    // An address written in the URL is checked now: no lookup will happen for it.
    return isIP(host) ? this.checkAddress(host, host) : undefined;
  }

  /** Why `host` may not be reached at `address` (one of its DNS answers); undefined when it may. */
  checkAddress(host: string, address: string): string | undefined {
    const ip = parseIp(address);
    const name = host
      .replace(/^\[(.*)\]$/, '$1')
      .replace(/\.$/, '')
      .toLowerCase();
    const shown = name === address ? name : `${name} resolves to ${address}, which`;
    if (!ip) return `${shown} is not an IP address`;
    if (inAnyCidr(this.deny.ranges, ip)) return `${shown} is on this bridge's deny list`;
    const allowedRange = inAnyCidr(this.allow.ranges, ip);
    const special = specialKind(ip);
    if (special && !allowedRange)
      return `${shown} is ${special}: this bridge does not open user URLs to ${formatIp(ip)} unless its admin allows that range`;
    const listed = allowedRange || matchesHost(this.allow.hosts, name);
    if (!listed && (this.allow.hosts.length || this.allow.ranges.length))
      return `${name} is not on this bridge's allow list`;
    return undefined;
  }
}

/** The host of a URL, without IPv6 brackets or a trailing dot, lower case. */
export function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** Checks one list entry: a CIDR or address, or a host name, optionally `*.` for its subdomains. */
export function isPolicyEntry(entry: string): string | undefined {
  if (looksLikeAddress(entry)) {
    try {
      parseCidr(entry);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  }
  return /^(\*\.)?([a-z0-9_]([a-z0-9_-]*[a-z0-9_])?\.)*[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?$/i.test(entry)
    ? undefined
    : `"${entry}" is neither a host name (optionally *.name) nor an IP address or CIDR range`;
}

function readRules(entries: readonly string[]): Rules {
  const rules: Rules = { hosts: [], ranges: [] };
  for (const entry of entries) {
    const problem = isPolicyEntry(entry);
    if (problem) throw new Error(problem);
    if (looksLikeAddress(entry)) rules.ranges.push(parseCidr(entry));
    else rules.hosts.push(entry.toLowerCase());
  }
  return rules;
}

function looksLikeAddress(entry: string): boolean {
  return /^[\d.]+(\/.*)?$/.test(entry) || (entry.includes(':') && /^[\da-f:.[\]/%]+$/i.test(entry));
}

function matchesHost(patterns: readonly string[], host: string): boolean {
  return patterns.some((pattern) =>
    pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern,
  );
}
