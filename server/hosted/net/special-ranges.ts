import { inAnyCidr, parseCidr, type IpAddress } from './cidr.ts';

/**
 * Address ranges a user-entered URL may not reach unless an allow CIDR names them: every entry of
 * IANA's IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890 and later), multicast, and the
 * IPv6 space outside global unicast. Some are "globally reachable" in the registry (AS112, AMT,
 * TURN anycast); none is where a team's MCP server lives, so refusing them costs nothing and a
 * range that tunnels or translates to another address (NAT64, 6to4, Teredo, IPv4-translated) never
 * leads to the bridge's own network. More specific ranges come first: the first match names it.
 */
export const SPECIAL_RANGES: readonly (readonly [string, string])[] = [
  // IPv4 (IPv4-mapped IPv6 addresses are read as IPv4 before they get here).
  ['0.0.0.0/8', 'a "this network" address'],
  ['10.0.0.0/8', 'a private address'],
  ['100.64.0.0/10', 'a shared (carrier-grade NAT) address'],
  ['127.0.0.0/8', 'a loopback address'],
  ['169.254.0.0/16', 'a link-local address'],
  ['172.16.0.0/12', 'a private address'],
  ['192.0.0.0/29', 'an IPv4 service continuity (DS-Lite) address'],
  ['192.0.0.170/31', 'a NAT64 discovery address'],
  ['192.0.0.0/24', 'an IETF protocol assignment (reserved) address'],
  ['192.0.2.0/24', 'a documentation address'],
  ['192.31.196.0/24', 'an AS112 (DNS sink) address'],
  ['192.52.193.0/24', 'an AMT (multicast tunnelling) address'],
  ['192.88.99.0/24', 'a 6to4 relay anycast address'],
  ['192.168.0.0/16', 'a private address'],
  ['192.175.48.0/24', 'an AS112 (DNS sink) address'],
  ['198.18.0.0/15', 'a benchmarking address'],
  ['198.51.100.0/24', 'a documentation address'],
  ['203.0.113.0/24', 'a documentation address'],
  ['224.0.0.0/4', 'a multicast address'],
  ['255.255.255.255/32', 'the broadcast address'],
  ['240.0.0.0/4', 'a reserved address'],
  // IPv6.
  ['::1/128', 'a loopback address'],
  ['::/128', 'the unspecified address'],
  ['::ffff:0:0:0/96', 'an IPv4-translated address'],
  ['::/96', 'an IPv4-compatible address'],
  ['64:ff9b::/96', 'a NAT64 address'],
  ['64:ff9b:1::/48', 'a NAT64 address'],
  ['::/8', 'a reserved address'],
  ['100::/64', 'a discard address'],
  ['100:0:0:1::/64', 'a dummy (never routed) address'],
  ['2001::/32', 'a Teredo address'],
  ['2001:1::1/128', 'a port control (PCP) anycast address'],
  ['2001:1::2/128', 'a TURN anycast address'],
  ['2001:1::3/128', 'a DNS-SD service registration anycast address'],
  ['2001:2::/48', 'a benchmarking address'],
  ['2001:3::/32', 'an AMT (multicast tunnelling) address'],
  ['2001:4:112::/48', 'an AS112 (DNS sink) address'],
  ['2001:10::/28', 'an ORCHID address'],
  ['2001:20::/28', 'an ORCHIDv2 address'],
  ['2001:30::/28', 'a drone remote ID address'],
  ['2001::/23', 'an IETF protocol assignment (reserved) address'],
  ['2001:db8::/32', 'a documentation address'],
  ['2002::/16', 'a 6to4 address'],
  ['2620:4f:8000::/48', 'an AS112 (DNS sink) address'],
  ['3fff::/20', 'a documentation address'],
  ['5f00::/16', 'a segment routing (SRv6) address'],
  ['fc00::/7', 'a unique local (private) address'],
  ['fe80::/10', 'a link-local address'],
  ['fec0::/10', 'a site-local address'],
  ['ff00::/8', 'a multicast address'],
];

const SPECIAL = SPECIAL_RANGES.map(([range, kind]) => ({ range: parseCidr(range), kind }));
/** IPv6 global unicast: every other IPv6 address is reserved or special. */
const GLOBAL_UNICAST = parseCidr('2000::/3');

/** What kind of special address `ip` is, or undefined for an ordinary public one. */
export function specialKind(ip: IpAddress): string | undefined {
  const found = SPECIAL.find((entry) => inAnyCidr([entry.range], ip))?.kind;
  if (found) return found;
  if (ip.family === 6 && !inAnyCidr([GLOBAL_UNICAST], ip)) return 'a reserved (not global unicast) address';
  return undefined;
}
