import { describe, expect, it } from 'vitest';
import { cidrContains, formatIp, inAnyCidr, parseCidr, parseIp } from './cidr.ts';

const ip = (text: string) => parseIp(text)!;
const within = (range: string, address: string) => cidrContains(parseCidr(range), ip(address));

describe('CIDR matching', () => {
  it('matches IPv4 ranges by their prefix', () => {
    expect(within('10.0.0.0/8', '10.255.1.2')).toBe(true);
    expect(within('10.0.0.0/8', '11.0.0.1')).toBe(false);
    expect(within('172.16.0.0/12', '172.31.255.255')).toBe(true);
    expect(within('172.16.0.0/12', '172.32.0.0')).toBe(false);
    expect(within('192.168.1.7', '192.168.1.7')).toBe(true);
    expect(within('192.168.1.7/32', '192.168.1.8')).toBe(false);
    expect(within('0.0.0.0/0', '8.8.8.8')).toBe(true);
    // Host bits in the base are masked off, as most tools do.
    expect(within('10.1.2.3/8', '10.9.9.9')).toBe(true);
  });

  it('matches IPv6 ranges, compressed forms and zones included', () => {
    expect(within('fc00::/7', 'fd12:3456::1')).toBe(true);
    expect(within('fc00::/7', 'fe00::1')).toBe(false);
    expect(within('fe80::/10', 'fe80::1%eth0')).toBe(true);
    expect(within('::1/128', '0:0:0:0:0:0:0:1')).toBe(true);
    expect(within('2001:db8::/32', '2001:db8:ffff::')).toBe(true);
    expect(within('2001:db8::/33', '2001:db8:8000::')).toBe(false);
    expect(within('[::1]', '::1')).toBe(true);
  });

  it('reads IPv4-mapped IPv6 as IPv4, both ways', () => {
    expect(ip('::ffff:127.0.0.1')).toEqual({ family: 4, bytes: Uint8Array.from([127, 0, 0, 1]) });
    expect(ip('::ffff:7f00:1')).toEqual({ family: 4, bytes: Uint8Array.from([127, 0, 0, 1]) });
    expect(within('127.0.0.0/8', '::ffff:127.0.0.2')).toBe(true);
    expect(within('::ffff:0:0/96', '10.0.0.1')).toBe(true);
    expect(within('::ffff:10.0.0.0/104', '10.1.0.0')).toBe(true);
    expect(within('::ffff:10.0.0.0/104', '11.1.0.0')).toBe(false);
    // Other IPv6 ranges never match IPv4 addresses, nor the reverse.
    expect(within('::/0', '10.0.0.1')).toBe(false);
    expect(within('0.0.0.0/0', '::1')).toBe(false);
  });

  it('keeps an IPv4-compatible or NAT64 address as IPv6', () => {
    expect(ip('64:ff9b::10.0.0.1').family).toBe(6);
    expect(within('64:ff9b::/96', '64:ff9b::a00:1')).toBe(true);
    expect(formatIp(ip('64:ff9b::10.0.0.1'))).toBe('64:ff9b::a00:1');
  });

  it('refuses what is not a range, saying why', () => {
    expect(() => parseCidr('10.0.0.0/33')).toThrow('from 0 to 32');
    expect(() => parseCidr('::/129')).toThrow('from 0 to 128');
    expect(() => parseCidr('10.0.0.0/x')).toThrow('whole number');
    expect(() => parseCidr('example.com')).toThrow('not an IP address');
    expect(() => parseCidr('10.0.0/8')).toThrow('not an IP address');
    expect(parseIp('localhost')).toBeUndefined();
  });

  it('checks a list of ranges', () => {
    const ranges = ['127.0.0.1/32', '::1/128'].map(parseCidr);
    expect(inAnyCidr(ranges, ip('127.0.0.1'))).toBe(true);
    expect(inAnyCidr(ranges, ip('::1'))).toBe(true);
    expect(inAnyCidr(ranges, ip('127.0.0.2'))).toBe(false);
    expect(formatIp(ip('::ffff:1.2.3.4'))).toBe('1.2.3.4');
    expect(formatIp(ip('fe80:0:0:0:0:0:0:1'))).toBe('fe80::1');
  });
});
