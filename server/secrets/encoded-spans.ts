/**
 * Finds where a text occurs in a string when the string writes it plainly or through escapes that a
 * reader decodes before showing it: JSON and JavaScript escapes (`\u0073`, `\u{73}`, `\x73`, `\/`,
 * `\\`), percent-encoding (`%73`, UTF-8 included) and HTML character references (`&#115;`, `&amp;`).
 * Escapes may be nested (a JSON text inside a JSON string inside a frame: `\\u0073`), up to
 * {@link MAX_LEVELS} levels, and mixed with plain characters (`\u0073ecret`).
 */

/** Levels of nested escaping looked through (a JSON text in a string in a JSON text, and one more). */
const MAX_LEVELS = 3;

/** Anything a level of decoding would change; a string without one is read as it is. */
const ESCAPE =
  /\\(?:u[0-9a-fA-F]{4}|u\{[0-9a-fA-F]{1,6}\}|x[0-9a-fA-F]{2}|["\\/bfnrt'])|%[0-9a-fA-F]{2}|&(?:#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|amp;|lt;|gt;|quot;|apos;)/;

const SIMPLE_ESCAPES: Record<string, string> = {
  '"': '"',
  "'": "'",
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
const NAMED_REFERENCES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** A decoded string and, for each of its UTF-16 units, the range of the source it was read from. */
interface DecodedView {
  text: string;
  starts: Int32Array;
  ends: Int32Array;
}

/** A range of the source string, [start, end). */
export interface Span {
  start: number;
  end: number;
}

/** True when `text` holds an escape that {@link findEncoded} would look through. */
export function hasEscapes(text: string): boolean {
  return ESCAPE.test(text);
}

/**
 * The ranges of `source` that read as one of `needles` once decoded (one level or more), each with
 * the index of its needle. Plain occurrences are not reported (the caller finds those faster).
 */
export function findEncoded(source: string, needles: readonly string[]): (Span & { needle: number })[] {
  const found: (Span & { needle: number })[] = [];
  let view: DecodedView | undefined;
  let current = source;
  for (let level = 1; level <= MAX_LEVELS && hasEscapes(current); level++) {
    const next = decodeOnce(current);
    if (next.text === current) break;
    view = view ? compose(view, next) : next;
    current = view.text;
    needles.forEach((needle, index) => {
      if (!needle) return;
      for (let at = current.indexOf(needle); at !== -1; at = current.indexOf(needle, at + needle.length))
        found.push({ start: view!.starts[at]!, end: view!.ends[at + needle.length - 1]!, needle: index });
    });
  }
  return found;
}

/** One level of decoding, with where each decoded unit came from (never longer than its source). */
function decodeOnce(source: string): DecodedView {
  const pieces: string[] = [];
  const starts = new Int32Array(source.length);
  const ends = new Int32Array(source.length);
  let length = 0;
  let index = 0;
  const candidates = /[\\%&]/g;
  while (index < source.length) {
    candidates.lastIndex = index;
    const next = candidates.exec(source);
    const plainEnd = next ? next.index : source.length;
    if (plainEnd > index) {
      pieces.push(source.slice(index, plainEnd));
      for (let k = index; k < plainEnd; k++, length++) {
        starts[length] = k;
        ends[length] = k + 1;
      }
      index = plainEnd;
      if (!next) break;
    }
    const read = readEscape(source, index) ?? { text: source[index]!, length: 1 };
    pieces.push(read.text);
    for (let k = 0; k < read.text.length; k++, length++) {
      starts[length] = index;
      ends[length] = index + read.length;
    }
    index += read.length;
  }
  return { text: pieces.join(''), starts: starts.subarray(0, length), ends: ends.subarray(0, length) };
}

/** The escape starting at `index`, if one does: what it stands for and how long it is. */
function readEscape(source: string, index: number): { text: string; length: number } | undefined {
  const char = source[index];
  if (char === '\\') return readBackslash(source, index);
  if (char === '%') return readPercent(source, index);
  if (char === '&') return readReference(source, index);
  return undefined;
}

function readBackslash(source: string, index: number): { text: string; length: number } | undefined {
  const next = source[index + 1];
  if (next === undefined) return undefined;
  if (next in SIMPLE_ESCAPES) return { text: SIMPLE_ESCAPES[next]!, length: 2 };
  if (next === 'u') {
    const braced = /^\{([0-9a-fA-F]{1,6})\}/.exec(source.slice(index + 2, index + 10));
    if (braced) return codePoint(parseInt(braced[1]!, 16), 2 + braced[0].length);
    const hex = source.slice(index + 2, index + 6);
    if (/^[0-9a-fA-F]{4}$/.test(hex)) return { text: String.fromCharCode(parseInt(hex, 16)), length: 6 };
  }
  if (next === 'x') {
    const hex = source.slice(index + 2, index + 4);
    if (/^[0-9a-fA-F]{2}$/.test(hex)) return { text: String.fromCharCode(parseInt(hex, 16)), length: 4 };
  }
  return undefined;
}

/** `%XX`, or the two to four `%XX` of one UTF-8 character. */
function readPercent(source: string, index: number): { text: string; length: number } | undefined {
  const first = byteAt(source, index);
  if (first === undefined) return undefined;
  if (first < 0x80) return { text: String.fromCharCode(first), length: 3 };
  const count = first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 0;
  if (!count) return undefined;
  const bytes = [first];
  for (let k = 1; k < count; k++) {
    const byte = byteAt(source, index + 3 * k);
    if (byte === undefined || (byte & 0xc0) !== 0x80) return undefined;
    bytes.push(byte);
  }
  const text = Buffer.from(bytes).toString('utf8');
  return text.includes('\uFFFD') ? undefined : { text, length: 3 * count };
}

function byteAt(source: string, index: number): number | undefined {
  if (source[index] !== '%') return undefined;
  const hex = source.slice(index + 1, index + 3);
  return /^[0-9a-fA-F]{2}$/.test(hex) ? parseInt(hex, 16) : undefined;
}

function readReference(source: string, index: number): { text: string; length: number } | undefined {
  const match = /^&(?:#([0-9]{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));/.exec(
    source.slice(index, index + 12),
  );
  if (!match) return undefined;
  if (match[3]) return { text: NAMED_REFERENCES[match[3]]!, length: match[0].length };
  const code = match[1] !== undefined ? parseInt(match[1], 10) : parseInt(match[2]!, 16);
  return codePoint(code, match[0].length);
}

function codePoint(code: number, length: number): { text: string; length: number } | undefined {
  if (code > 0x10ffff) return undefined;
  return { text: String.fromCodePoint(code), length };
}

/** `inner` read from `outer.text`, with its ranges taken back to `outer`'s source. */
function compose(outer: DecodedView, inner: DecodedView): DecodedView {
  const starts = new Int32Array(inner.text.length);
  const ends = new Int32Array(inner.text.length);
  for (let k = 0; k < inner.text.length; k++) {
    starts[k] = outer.starts[inner.starts[k]!]!;
    ends[k] = outer.ends[inner.ends[k]! - 1]!;
  }
  return { text: inner.text, starts, ends };
}
