/**
 * Which declared MIME types the viewer may hand to the browser. The lists are allow-lists on purpose:
 * anything else is offered as a download, never rendered, because a result is untrusted input.
 */

/** Image types shown inline through `<img>`; SVG is safe there because `<img>` never runs its scripts. */
const INLINE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'] as const;

/** Audio types handed to `<audio>`; the browser decides whether it can actually play them. */
const PLAYABLE_AUDIO_TYPES = [
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/vnd.wave',
  'audio/mpeg',
  'audio/mp3',
  'audio/ogg',
  'audio/opus',
  'audio/webm',
  'audio/flac',
  'audio/x-flac',
  'audio/aac',
  'audio/mp4',
  'audio/x-m4a',
] as const;

/** Lower-cased type/subtype without parameters ("Image/PNG; q=1" → "image/png"), or undefined. */
export function normalizeMime(mime: unknown): string | undefined {
  if (typeof mime !== 'string') return undefined;
  const essence = mime.split(';')[0]!.trim().toLowerCase();
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(essence) ? essence : undefined;
}

/**
 * The MIME type to put in a data: URL for an inline image, taken from our own list (never the
 * server's string), or undefined when the image must be downloaded instead.
 */
export function inlineImageMime(mime: unknown): string | undefined {
  const essence = normalizeMime(mime === 'image/jpg' ? 'image/jpeg' : mime);
  return INLINE_IMAGE_TYPES.find((type) => type === essence);
}

/** The MIME type to give `<audio>`, from our own list, or undefined when it must be downloaded. */
export function playableAudioMime(mime: unknown): string | undefined {
  const essence = normalizeMime(mime);
  return PLAYABLE_AUDIO_TYPES.find((type) => type === essence);
}

const LANGUAGE_BY_MIME: Record<string, string> = {
  'application/json': 'JSON',
  'text/json': 'JSON',
  'text/markdown': 'Markdown',
  'text/x-markdown': 'Markdown',
  'text/html': 'HTML',
  'text/css': 'CSS',
  'text/csv': 'CSV',
  'text/plain': 'Plain text',
  'text/xml': 'XML',
  'application/xml': 'XML',
  'text/yaml': 'YAML',
  'application/yaml': 'YAML',
  'application/x-yaml': 'YAML',
  'text/javascript': 'JavaScript',
  'application/javascript': 'JavaScript',
  'text/x-typescript': 'TypeScript',
  'application/typescript': 'TypeScript',
  'text/x-python': 'Python',
  'text/x-rust': 'Rust',
  'text/x-go': 'Go',
  'text/x-java': 'Java',
  'text/x-c': 'C',
  'text/x-c++': 'C++',
  'text/x-shellscript': 'Shell',
  'application/x-sh': 'Shell',
  'application/sql': 'SQL',
  'application/toml': 'TOML',
};

const LANGUAGE_BY_EXTENSION: Record<string, string> = {
  json: 'JSON',
  md: 'Markdown',
  html: 'HTML',
  css: 'CSS',
  csv: 'CSV',
  txt: 'Plain text',
  xml: 'XML',
  yaml: 'YAML',
  yml: 'YAML',
  js: 'JavaScript',
  mjs: 'JavaScript',
  ts: 'TypeScript',
  tsx: 'TypeScript',
  py: 'Python',
  rs: 'Rust',
  go: 'Go',
  java: 'Java',
  c: 'C',
  cpp: 'C++',
  sh: 'Shell',
  sql: 'SQL',
  toml: 'TOML',
};

/** A label for the language of a text resource, from its MIME type, else its URI's extension. */
export function syntaxHint(mime: unknown, uri?: unknown): string | undefined {
  const essence = normalizeMime(mime);
  if (essence) {
    const known = LANGUAGE_BY_MIME[essence];
    if (known) return known;
    if (essence.endsWith('+json')) return 'JSON';
    if (essence.endsWith('+xml')) return 'XML';
  }
  const extension = typeof uri === 'string' ? /\.([a-z0-9+]{1,8})(?:[?#].*)?$/i.exec(uri)?.[1] : undefined;
  return (extension && LANGUAGE_BY_EXTENSION[extension.toLowerCase()]) || essence;
}
