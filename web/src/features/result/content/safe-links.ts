/**
 * URIs from a result are untrusted: only http(s) may ever become a link, and downloaded files get
 * names we build ourselves.
 */

/** The URI as an external link target when it is http or https, else undefined. */
export function externalHref(uri: unknown): string | undefined {
  if (typeof uri !== 'string') return undefined;
  try {
    // Parsing, not prefix matching: " JavaScript:..." and "java\tscript:" normalise to their real scheme.
    const url = new URL(uri);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const EXTENSION_BY_MIME: Record<string, string> = {
  'application/json': 'json',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/html': 'html',
  'text/csv': 'csv',
};

/**
 * A file name for a download: the last path segment of `uri` when it is a plain name, else
 * `fallback` with an extension guessed from the MIME type. Only [A-Za-z0-9._-] survive.
 */
export function downloadFileName(uri: unknown, mime: string | undefined, fallback: string): string {
  const lastSegment = typeof uri === 'string' ? (uri.split(/[?#]/)[0]!.split('/').pop() ?? '') : '';
  const fromUri = sanitizeFileName(safeDecode(lastSegment));
  if (fromUri && /\.[a-z0-9]{1,8}$/i.test(fromUri)) return fromUri;
  const extension = mime ? EXTENSION_BY_MIME[mime] : undefined;
  const base = fromUri || sanitizeFileName(fallback) || 'download';
  return extension ? `${base}.${extension}` : base;
}

function sanitizeFileName(name: string): string {
  return name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 100);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
