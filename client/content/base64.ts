/** What a base64 string decodes to, or why it cannot be decoded. */
export type Base64Check = { ok: true; byteLength: number; clean: string } | { ok: false; reason: string };

const BASE64_BODY = /^[A-Za-z0-9+/]*$/;
const WHITESPACE = /\s/;

/**
 * Checks a base64 payload without decoding it, so a 10 MB image costs one regex pass, not a copy.
 * Whitespace (MIME-style line breaks) is tolerated and removed in `clean`; base64url is not,
 * because MCP specifies plain base64 and a data: URL would not accept it.
 */
export function inspectBase64(data: unknown): Base64Check {
  if (typeof data !== 'string')
    return { ok: false, reason: `expected a base64 string, got ${typeName(data)}` };
  const clean = WHITESPACE.test(data) ? data.replace(/\s+/g, '') : data;
  const body = clean.replace(/={1,2}$/, '');
  const padding = clean.length - body.length;
  if (!BASE64_BODY.test(body)) {
    const bad = /[^A-Za-z0-9+/]/.exec(body);
    return { ok: false, reason: `invalid base64: unexpected character ${JSON.stringify(bad?.[0] ?? '=')}` };
  }
  if (body.length % 4 === 1) return { ok: false, reason: 'invalid base64: truncated (length is 1 mod 4)' };
  if (padding > 0 && clean.length % 4 !== 0) return { ok: false, reason: 'invalid base64: wrong padding' };
  // Every 4 characters carry 3 bytes; a trailing group of 2 or 3 characters carries 1 or 2.
  return { ok: true, byteLength: Math.floor((body.length * 3) / 4), clean };
}

/** Decodes checked base64 into bytes (atob exists in browsers and in Node 20). */
export function base64ToBytes(clean: string): Uint8Array<ArrayBuffer> {
  const binary = atob(clean);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A short human name of a JSON value's type, for messages. */
export function typeName(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
