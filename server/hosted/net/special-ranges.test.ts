import { describe, expect, it } from 'vitest';
import { parseIp } from './cidr.ts';
import { specialKind } from './special-ranges.ts';
import { UrlPolicy } from './url-policy.ts';

/**
 * One address inside each range of IANA's IPv4 and IPv6 Special-Purpose Address Registries (and
 * multicast, and IPv6 outside global unicast), with the words its refusal must use. Written here
 * from the registries, not from the module's table, so that a range missing there fails here.
 */
const INSIDE: readonly [range: string, address: string, kind: string][] = [
  ['0.0.0.0/8', '0.1.2.3', 'this network'],
  ['10.0.0.0/8', '10.255.0.1', 'private'],
  ['100.64.0.0/10', '100.127.255.254', 'carrier-grade NAT'],
  ['127.0.0.0/8', '127.8.9.10', 'loopback'],
  ['169.254.0.0/16', '169.254.169.254', 'link-local'],
  ['172.16.0.0/12', '172.31.0.1', 'private'],
  ['192.0.0.0/24', '192.0.0.100', 'IETF protocol assignment'],
  ['192.0.0.0/29', '192.0.0.2', 'DS-Lite'],
  ['192.0.0.8/32', '192.0.0.8', 'IETF protocol assignment'],
  ['192.0.0.9/32', '192.0.0.9', 'IETF protocol assignment'],
  ['192.0.0.10/32', '192.0.0.10', 'IETF protocol assignment'],
  ['192.0.0.170/32', '192.0.0.170', 'NAT64 discovery'],
  ['192.0.0.171/32', '192.0.0.171', 'NAT64 discovery'],
  ['192.0.2.0/24', '192.0.2.33', 'documentation'],
  ['192.31.196.0/24', '192.31.196.1', 'AS112'],
  ['192.52.193.0/24', '192.52.193.1', 'AMT'],
  ['192.88.99.0/24', '192.88.99.1', '6to4 relay'],
  ['192.168.0.0/16', '192.168.200.1', 'private'],
  ['192.175.48.0/24', '192.175.48.6', 'AS112'],
  ['198.18.0.0/15', '198.19.255.1', 'benchmarking'],
  ['198.51.100.0/24', '198.51.100.7', 'documentation'],
  ['203.0.113.0/24', '203.0.113.99', 'documentation'],
  ['224.0.0.0/4', '239.255.255.250', 'multicast'],
  ['240.0.0.0/4', '250.1.2.3', 'reserved'],
  ['255.255.255.255/32', '255.255.255.255', 'broadcast'],
  ['::1/128', '::1', 'loopback'],
  ['::/128', '::', 'unspecified'],
  ['::ffff:0:0/96 (IPv4-mapped)', '::ffff:127.0.0.1', 'loopback'],
  ['::ffff:0:0:0/96 (IPv4-translated)', '::ffff:0:7f00:1', 'IPv4-translated'],
  ['::ffff:0:0:0/96 (IPv4-translated, metadata)', '::ffff:0:a9fe:a9fe', 'IPv4-translated'],
  ['::/96 (IPv4-compatible)', '::7f00:1', 'IPv4-compatible'],
  ['::/8 (reserved)', '::1:0:0:1', 'reserved'],
  ['64:ff9b::/96', '64:ff9b::7f00:1', 'NAT64'],
  ['64:ff9b:1::/48', '64:ff9b:1:ffff::1', 'NAT64'],
  ['100::/64', '100::1', 'discard'],
  ['100:0:0:1::/64', '100:0:0:1::1', 'dummy'],
  ['2001::/23', '2001:100::1', 'IETF protocol assignment'],
  ['2001::/32', '2001:0:4136:e378::1', 'Teredo'],
  ['2001:1::1/128', '2001:1::1', 'PCP'],
  ['2001:1::2/128', '2001:1::2', 'TURN'],
  ['2001:1::3/128', '2001:1::3', 'DNS-SD'],
  ['2001:2::/48', '2001:2:0:ffff::1', 'benchmarking'],
  ['2001:3::/32', '2001:3::1', 'AMT'],
  ['2001:4:112::/48', '2001:4:112::1', 'AS112'],
  ['2001:10::/28', '2001:1f::1', 'ORCHID'],
  ['2001:20::/28', '2001:2f::1', 'ORCHIDv2'],
  ['2001:30::/28', '2001:3f::1', 'drone'],
  ['2001:db8::/32', '2001:db8:abcd::1', 'documentation'],
  ['2002::/16', '2002:7f00:1::1', '6to4'],
  ['2620:4f:8000::/48', '2620:4f:8000::1', 'AS112'],
  ['3fff::/20', '3fff:fff::1', 'documentation'],
  ['5f00::/16', '5f00:1::1', 'segment routing'],
  ['fc00::/7', 'fd12:3456::1', 'unique local'],
  ['fe80::/10', 'fe80::1%eth0', 'link-local'],
  ['fec0::/10', 'fec0::1', 'site-local'],
  ['ff00::/8', 'ff02::1', 'multicast'],
  ['outside 2000::/3', '4000::1', 'not global unicast'],
];

describe('special-purpose address ranges', () => {
  const open = new UrlPolicy({ allow: [], deny: [] });

  it.each(INSIDE)('refuses %s (%s) as %s', (_range, address, kind) => {
    expect(specialKind(parseIp(address)!)).toContain(kind);
    expect(open.checkAddress('x.test', address)).toContain(kind);
  });

  it.each([
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['192.0.1.1'],
    ['192.88.98.1'],
    ['2606:4700:4700::1111'],
    ['2001:200::1'],
    ['2a00:1450:4001::1'],
  ])('lets the public address %s through', (address) => {
    expect(specialKind(parseIp(address)!)).toBeUndefined();
  });

  it('lets an allow CIDR open a special range, as before', () => {
    const policy = new UrlPolicy({ allow: ['::ffff:0:0:0/96'], deny: [] });
    expect(policy.checkAddress('x.test', '::ffff:0:7f00:1')).toBeUndefined();
  });
});
