/**
 * The raw bytes of a skill file as `resources/read` returned it (a `text` is its UTF-8 encoding, a
 * `blob` its base64 decoding: the bytes a digest covers) and their SHA-256, by Web Crypto, which the
 * browser and Node both have.
 */
import { base64ToBytes, inspectBase64 } from '../content/base64.ts';
import { classifyReadResult } from '../content/resource-contents.ts';

/** A file's bytes, with its text when the server sent text. */
export type FileBytes =
  { ok: true; bytes: Uint8Array; text?: string; mimeType?: string } | { ok: false; problem: string };

/** The bytes of `uri` in a `resources/read` result: the contents entry for that URI, else the only one. */
export function bytesOfReadResult(result: unknown, uri: string): FileBytes {
  const contents = classifyReadResult(result);
  const match = contents.find((item) => item.kind !== 'malformed' && item.uri === uri);
  const item = match ?? (contents.length === 1 ? contents[0] : undefined);
  if (!item)
    return {
      ok: false,
      problem: contents.length
        ? `the result has ${contents.length} contents and none for ${uri}`
        : 'the result has no contents',
    };
  if (item.kind === 'malformed')
    return { ok: false, problem: `the contents are malformed: ${item.problems.join('; ')}` };
  if (item.kind === 'text')
    return { ok: true, bytes: new TextEncoder().encode(item.text), text: item.text, mimeType: item.mimeType };
  const checked = inspectBase64(item.blob);
  if (!checked.ok) return { ok: false, problem: `the blob is not base64: ${checked.reason}` };
  return { ok: true, bytes: base64ToBytes(checked.clean), mimeType: item.mimeType };
}

/** `sha256:` and the lowercase hex SHA-256 of `bytes`. */
export async function sha256Digest(bytes: Uint8Array): Promise<string> {
  // A copy into a plain ArrayBuffer: subtle.digest refuses views of a SharedArrayBuffer.
  const hash = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new Uint8Array(bytes)));
  return `sha256:${Array.from(hash, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** Text of bytes that are valid UTF-8, else undefined (the file is shown as binary). */
export function utf8Text(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
