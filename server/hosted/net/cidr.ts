import { isIP } from 'node:net';

/** An IP address as bytes: 4 for IPv4, 16 for IPv6. IPv4-mapped IPv6 (`::ffff:a.b.c.d`) is read as IPv4. */
export interface IpAddress {
  family: 4 | 6;
  bytes: Uint8Array;
}

/** An address range: the addresses whose first `prefix` bits are those of `base`. */
export interface Cidr {
  family: 4 | 6;
  base: Uint8Array;
  prefix: number;
  /** As written in the config, for messages. */
  text: string;
}

/**
 * Reads an IPv4 or IPv6 address (an IPv6 zone such as `%eth0` is dropped, brackets are allowed).
 * IPv4-mapped IPv6 addresses become IPv4, so that `10.0.0.0/8` also covers `::ffff:10.1.2.3`, the
 * form a dual-stack socket reports.
 */
export function parseIp(text: string): IpAddress | undefined {
  const bare = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return { family: 4, bytes: Uint8Array.from(bare.split('.').map(Number)) };
  if (family !== 6) return undefined;
  const bytes = ipv6Bytes(bare);
  const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  return mapped ? { family: 4, bytes: bytes.slice(12) } : { family: 6, bytes };
}

/** Reads `10.0.0.0/8`, `fd00::/8`, or a lone address (a range of one). Throws with what is wrong. */
export function parseCidr(text: string): Cidr {
  const slash = text.lastIndexOf('/');
  const addressText = slash === -1 ? text : text.slice(0, slash);
  const bare = addressText.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(bare);
  if (family === 0) throw new Error(`"${text}" is not an IP address or CIDR range`);
  const bytes = family === 4 ? parseIp(bare)!.bytes : ipv6Bytes(bare);
  const bits = bytes.length * 8;
  const prefix = slash === -1 ? bits : Number(text.slice(slash + 1));
  if (!/^\d{1,3}$/.test(slash === -1 ? String(bits) : text.slice(slash + 1)) || prefix > bits)
    throw new Error(`"${text}": the prefix length must be a whole number from 0 to ${bits}`);
  return { family: family as 4 | 6, base: mask(bytes, prefix), prefix, text };
}

/** Whether `address` is in `range`. An IPv4-mapped range (`::ffff:0:0/96` and inside) matches IPv4 too. */
export function cidrContains(range: Cidr, address: IpAddress): boolean {
  if (range.family === address.family) return startsWith(address.bytes, range.base, range.prefix);
  // A range written as IPv4-mapped IPv6 also covers the plain IPv4 addresses it maps.
  if (range.family === 6 && address.family === 4 && range.prefix >= 96) {
    const mapped = new Uint8Array(16);
    mapped[10] = 0xff;
    mapped[11] = 0xff;
    mapped.set(address.bytes, 12);
    return startsWith(mapped, range.base, range.prefix);
  }
  return false;
}

/** True when any of `ranges` holds `address`. */
export function inAnyCidr(ranges: readonly Cidr[], address: IpAddress): boolean {
  return ranges.some((range) => cidrContains(range, address));
}

/** The address as text: dotted IPv4, or IPv6 in the shortest form Node prints. */
export function formatIp(address: IpAddress): string {
  if (address.family === 4) return address.bytes.join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2)
    groups.push(((address.bytes[i]! << 8) | address.bytes[i + 1]!).toString(16));
  return new URL(`http://[${groups.join(':')}]/`).hostname.slice(1, -1);
}

function startsWith(bytes: Uint8Array, base: Uint8Array, prefix: number): boolean {
  const masked = mask(bytes, prefix);
  return masked.every((byte, index) => byte === base[index]);
}

function mask(bytes: Uint8Array, prefix: number): Uint8Array {
  return bytes.map((byte, index) => {
    const keep = Math.max(0, Math.min(8, prefix - index * 8));
    return byte & ((0xff << (8 - keep)) & 0xff);
  });
}

/** The 16 bytes of a valid IPv6 address (checked with isIP before), `::` and a dotted IPv4 tail included. */
function ipv6Bytes(text: string): Uint8Array {
  // A dotted IPv4 tail is two groups written another way: `::ffff:1.2.3.4` is `::ffff:102:304`.
  const body = text.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((n) => n.toString(16)).join(':'),
  );
  const [head, rest] = body.includes('::') ? body.split('::') : [body, undefined];
  const read = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = read(head);
  const back = read(rest);
  const zeros = Array<number>(8 - front.length - back.length).fill(0);
  const groups = rest === undefined ? front : [...front, ...zeros, ...back];
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    bytes[index * 2] = group >> 8;
    bytes[index * 2 + 1] = group & 0xff;
  });
  return bytes;
}
