/**
 * Which of a tool's icons (2025-11-25) the page may show, and in what order to try them. Pure: no fetching here.
 * The spec asks clients that render icons to support image/png and image/jpeg (with its alias image/jpg), and
 * SHOULD support image/svg+xml and image/webp; icon URLs are untrusted, so only https: and data: are used, a
 * URL carrying credentials is refused, and data: icons over the size limit are refused.
 */

/** The MIME types Toolscope shows, per the spec's MUST and SHOULD list. */
export const ICON_MIME_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/jpg',
  'image/svg+xml',
  'image/webp',
]);

/** Largest icon shown, in bytes (data: or fetched). */
export const MAX_ICON_BYTES = 256 * 1024;

export type PageTheme = 'light' | 'dark';

/** An icon that passed the static checks, with what the ranking read from it. */
export interface IconCandidate {
  /** Position in the tool's `icons`, from 0. */
  index: number;
  src: string;
  kind: 'data' | 'https';
  /** The declared or data: MIME type, lower-cased, when known before fetching. */
  mimeType?: string;
  theme?: PageTheme;
  /** Set when the icon was drawn for the other theme: shown only when nothing better exists. */
  themeNote?: string;
}

/** An icon that will not be shown, and why. */
export interface IconRefusal {
  index: number;
  /** The source, shortened for display. */
  src: string;
  reason: string;
}

/** The candidates, best first, and the icons refused outright. */
export interface IconPlan {
  candidates: IconCandidate[];
  refused: IconRefusal[];
}

/** A source shortened for messages (a data: URI can be megabytes), with any password in it masked. */
export function shortSource(src: string): string {
  const masked = src.replace(/^(https?:\/\/[^/:@]*):[^/@]*@/i, '$1:***@');
  return masked.length > 60 ? `${masked.slice(0, 57)}…` : masked;
}

/** The MIME type of a MIME-ish string, lower-cased, without parameters. */
export function baseMime(value: string): string {
  return value.split(';')[0]!.trim().toLowerCase();
}

type Checked =
  { candidate: Omit<IconCandidate, 'index' | 'themeNote'>; sizes: string[] | undefined } | string;

function check(icon: unknown): Checked {
  if (typeof icon !== 'object' || icon === null || Array.isArray(icon)) return 'not an icon object';
  const { src, mimeType, theme, sizes } = icon as Record<string, unknown>;
  if (typeof src !== 'string' || !src) return 'src is not a URL string';
  const declared = typeof mimeType === 'string' ? baseMime(mimeType) : undefined;
  if (declared !== undefined && !ICON_MIME_TYPES.has(declared))
    return `mimeType ${declared} is not one Toolscope shows (png, jpeg/jpg, svg+xml, webp)`;
  const themeValue = theme === 'light' || theme === 'dark' ? theme : undefined;
  const sizeList = Array.isArray(sizes)
    ? sizes.filter((size): size is string => typeof size === 'string')
    : undefined;
  if (/^data:/i.test(src)) {
    const header = /^data:([^,]*),/i.exec(src)?.[1] ?? '';
    const dataMime = baseMime(header);
    if (!ICON_MIME_TYPES.has(dataMime)) return `a data: icon of type ${dataMime || '(none)'} is not shown`;
    const bytes = /;base64$/i.test(header)
      ? Math.floor(((src.length - header.length - 6) * 3) / 4)
      : src.length;
    if (bytes > MAX_ICON_BYTES)
      return `${Math.round(bytes / 1024)} KB, over the ${MAX_ICON_BYTES / 1024} KB limit`;
    return { candidate: { src, kind: 'data', mimeType: dataMime, theme: themeValue }, sizes: sizeList };
  }
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return 'not a valid URL';
  }
  if (url.protocol !== 'https:')
    return `${url.protocol} icons are not loaded (only https: and data:, so nothing is fetched in the clear or run)`;
  if (url.username || url.password)
    return 'the URL carries credentials (user:password@), which are never sent';
  return { candidate: { src, kind: 'https', mimeType: declared, theme: themeValue }, sizes: sizeList };
}

/** 0 when the sizes fit `sizePx` (any size, or none given), 1 for larger ones, 2 for only smaller ones. */
function sizeRank(sizes: string[] | undefined, sizePx: number): [number, number] {
  if (!sizes || sizes.length === 0 || sizes.some((size) => size.trim().toLowerCase() === 'any'))
    return [0, 0];
  const widths = sizes
    .map((size) => /^(\d+)x(\d+)$/i.exec(size.trim()))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => Number(match[1]));
  if (widths.length === 0) return [0, 0];
  const fitting = widths.filter((width) => width >= sizePx);
  // Smallest size that is big enough; else the biggest there is.
  return fitting.length ? [1, Math.min(...fitting)] : [2, -Math.max(...widths)];
}

/**
 * Checks every icon and ranks the usable ones: the page's theme first (then icons for any theme, then for the
 * other theme), then the best size for `sizePx` device pixels, then the server's order.
 */
export function planIcons(icons: unknown, options: { theme: PageTheme; sizePx: number }): IconPlan {
  if (icons === undefined) return { candidates: [], refused: [] };
  if (!Array.isArray(icons))
    return { candidates: [], refused: [{ index: 0, src: '', reason: 'icons is not a list' }] };
  const refused: IconRefusal[] = [];
  const ranked: { candidate: IconCandidate; key: number[] }[] = [];
  icons.forEach((icon, index) => {
    const checked = check(icon);
    if (typeof checked === 'string') {
      const src = (icon as { src?: unknown } | null)?.src;
      refused.push({ index, src: typeof src === 'string' ? shortSource(src) : '', reason: checked });
      return;
    }
    const { theme } = checked.candidate;
    const themeRank = theme === options.theme ? 0 : theme === undefined ? 1 : 2;
    const candidate: IconCandidate = {
      ...checked.candidate,
      index,
      ...(themeRank === 2 ? { themeNote: `drawn for a ${theme} background` } : {}),
    };
    ranked.push({ candidate, key: [themeRank, ...sizeRank(checked.sizes, options.sizePx), index] });
  });
  ranked.sort((a, b) => {
    for (let i = 0; i < a.key.length; i++) if (a.key[i] !== b.key[i]) return a.key[i]! - b.key[i]!;
    return 0;
  });
  return { candidates: ranked.map((entry) => entry.candidate), refused };
}
