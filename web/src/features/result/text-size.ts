/** Characters of text shown before "Show all": enough to read, small enough to lay out instantly. */
export const TEXT_PREVIEW_CHARS = 100_000;

/** A text cut down for display, with what was left out. */
export interface TextPreview {
  shown: string;
  truncated: boolean;
  /** UTF-8 size of the whole text, for "Show all (N MB)". */
  totalBytes: number;
}

/** The first `limit` characters of `text`, never splitting a surrogate pair. */
export function previewText(text: string, limit = TEXT_PREVIEW_CHARS): TextPreview {
  if (text.length <= limit) return { shown: text, truncated: false, totalBytes: utf8ByteLength(text) };
  let end = limit;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1; // a high surrogate whose partner would be cut off
  return { shown: text.slice(0, end), truncated: true, totalBytes: utf8ByteLength(text) };
}

/** UTF-8 byte length, counted without allocating an encoded copy of a possibly huge string. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** "812 B", "4.2 KB", "9.5 MB": binary units, one decimal above a kilobyte. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/**
 * Cuts text into pieces of about `size` characters, ending each at a line break when one is near,
 * so each piece can be its own block that the browser lays out only when scrolled into view.
 */
export function splitForDisplay(text: string, size = TEXT_PREVIEW_CHARS): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (text.length - start > size) {
    let end = text.lastIndexOf('\n', start + size);
    // No line break in the second half of the window: cut mid-line rather than make a huge piece.
    if (end < start + size / 2) end = start + size;
    else end += 1;
    const code = text.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff) end -= 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  pieces.push(text.slice(start));
  return pieces;
}
