import { baseMime, ICON_MIME_TYPES, MAX_ICON_BYTES, type IconCandidate } from './icon-policy.ts';

/** An icon ready for `<img src>`, or why it is not shown. */
export type IconLoad = { ok: true; url: string } | { ok: false; reason: string };

/** What loading needs from the browser; tests pass fakes. */
export interface IconFetchEnvironment {
  fetch: typeof fetch;
  createObjectURL: (blob: Blob) => string;
}

/** How long an icon fetch may take. */
export const ICON_FETCH_TIMEOUT_MS = 10_000;

/** Types a server may send for "whatever it is"; the icon's declared mimeType then decides. */
const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/**
 * Loads one icon. A data: icon is used as it is (it passed the size and type checks). An https: icon is fetched
 * without credentials or referrer and without following redirects (so it can never lead to another origin),
 * must be served as one of the image types the spec lists, and is read up to the size limit; the bytes are then
 * shown from a blob: URL. Every way this can fail becomes a reason for the user, never an exception.
 */
export async function loadIcon(
  candidate: IconCandidate,
  environment: IconFetchEnvironment,
): Promise<IconLoad> {
  if (candidate.kind === 'data') return { ok: true, url: candidate.src };
  let response: Response;
  try {
    response = await environment.fetch(candidate.src, {
      mode: 'cors',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      redirect: 'manual',
      signal: AbortSignal.timeout(ICON_FETCH_TIMEOUT_MS),
    });
  } catch (error) {
    if ((error as { name?: unknown }).name === 'TimeoutError')
      return { ok: false, reason: `no answer within ${ICON_FETCH_TIMEOUT_MS / 1000} s` };
    return {
      ok: false,
      reason:
        'could not be fetched without credentials (the host must allow cross-origin reads with CORS, or the network failed)',
    };
  }
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400))
    return {
      ok: false,
      reason: 'the URL redirects, and icon redirects are not followed (none may lead to another origin)',
    };
  if (!response.ok) return { ok: false, reason: `the host answered HTTP ${response.status}` };
  const served = baseMime(response.headers.get('content-type') ?? '');
  const type = GENERIC_TYPES.has(served) && candidate.mimeType ? candidate.mimeType : served;
  if (!ICON_MIME_TYPES.has(type))
    return { ok: false, reason: `served as ${served || '(no type)'}, not an image type Toolscope shows` };
  const declaredLength = Number(response.headers.get('content-length'));
  if (declaredLength > MAX_ICON_BYTES) return tooBig(declaredLength);
  const bytes = await readLimited(response);
  if (typeof bytes === 'number') return tooBig(bytes);
  if (bytes === undefined) return { ok: false, reason: 'the download failed part way' };
  return { ok: true, url: environment.createObjectURL(new Blob([bytes], { type })) };
}

function tooBig(bytes: number): IconLoad {
  return { ok: false, reason: `${Math.round(bytes / 1024)} KB, over the ${MAX_ICON_BYTES / 1024} KB limit` };
}

/** The body, or the byte count reached when it passed the limit (reading stops there), or undefined on failure. */
async function readLimited(response: Response): Promise<Uint8Array<ArrayBuffer> | number | undefined> {
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > MAX_ICON_BYTES) {
        await reader.cancel();
        return total;
      }
      chunks.push(value);
    }
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
