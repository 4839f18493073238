import { findEncoded, hasEscapes, type Span } from './encoded-spans.ts';

/** One text to hide and what stands in its place. */
export interface MaskRule {
  text: string;
  replacement: string;
  /**
   * A secret: hidden in object keys too, and where a string starts or ends with a piece of it at
   * least {@link MIN_PIECE} characters long (the rest of it in the next string or message). A
   * detail (a host, a path) is hidden in values only: it may be a word the protocol uses as a key.
   */
  secret?: boolean;
}

/** The shortest piece of a secret hidden at the edge of a string. */
export const MIN_PIECE = 8;
/** Replacing can form a new occurrence ("ab" + "***" + "cd"…): masking runs again, this many times at most. */
const MAX_ROUNDS = 8;

/** JSON text after masking, and the value it holds when masking changed it (parsed once, reused). */
export interface MaskedJson {
  text: string;
  value?: unknown;
}

/**
 * Hides texts in what a reader will see: JSON is parsed and every string in it (object keys too,
 * for secrets) is masked, then written again, so an occurrence written with escapes (`\u0073ecret`)
 * is found as the reader decodes it, and JSON syntax is never cut. Inside each string, occurrences
 * written through one or more levels of escaping are found as well (see encoded-spans.ts).
 */
export class TextMask {
  private readonly rules: MaskRule[];
  private readonly keyRules: MaskRule[];
  /** Literal texts whose presence means a JSON text may hold a rule's text: a fast way out for most. */
  private readonly quickNeedles: string[];

  constructor(rules: readonly MaskRule[]) {
    const byText = new Map<string, MaskRule>();
    for (const rule of rules) if (rule.text && !byText.has(rule.text)) byText.set(rule.text, rule);
    // Longest first, so a text that contains another is replaced whole.
    this.rules = [...byText.values()].sort((a, b) => b.text.length - a.text.length);
    this.keyRules = this.rules.filter((rule) => rule.secret);
    this.quickNeedles = [
      ...new Set(
        this.rules.flatMap((rule) =>
          rule.secret && rule.text.length > MIN_PIECE
            ? [rule.text.slice(0, MIN_PIECE), rule.text.slice(-MIN_PIECE)]
            : [rule.text],
        ),
      ),
    ];
  }

  get isEmpty(): boolean {
    return this.rules.length === 0;
  }

  /** The texts this mask hides. */
  get texts(): string[] {
    return this.rules.map((rule) => rule.text);
  }

  /** `text` (JSON) with every rule applied; the same string when nothing was hidden. */
  maskJson(text: string): string {
    return this.maskJsonValue(text).text;
  }

  /** As {@link maskJson}, with the masked value when it changed (so the caller need not parse it again). */
  maskJsonValue(text: string): MaskedJson {
    if (!this.mightHold(text)) return { text };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON after all: masked as text, which is all a reader can make of it.
      return { text: this.maskString(text) };
    }
    const masked = this.maskValue(parsed);
    return masked === parsed ? { text } : { text: JSON.stringify(masked), value: masked };
  }

  /** Any value with every string in it masked; the same value (same reference) when nothing was hidden. */
  maskValue(value: unknown): unknown {
    if (typeof value === 'string') return this.maskString(value);
    if (Array.isArray(value)) {
      let copy: unknown[] | undefined;
      value.forEach((item, index) => {
        const masked = this.maskValue(item);
        if (masked !== item) (copy ??= [...value])[index] = masked;
      });
      return copy ?? value;
    }
    if (value && typeof value === 'object') {
      let changed = false;
      const entries = Object.entries(value).map(([key, item]) => {
        const maskedKey = this.keyRules.length ? this.maskString(key, this.keyRules) : key;
        const masked = this.maskValue(item);
        if (maskedKey !== key || masked !== item) changed = true;
        return [maskedKey, masked] as const;
      });
      return changed ? Object.fromEntries(entries) : value;
    }
    return value;
  }

  /** `text` with every occurrence of the rules' texts (plain, escaped, or a secret's piece at an edge) replaced. */
  maskString(text: string, rules: readonly MaskRule[] = this.rules): string {
    let result = text;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const next = maskOnce(result, rules);
      if (next === result) return result;
      result = next;
    }
    // Still changing: a string that will not come clean is hidden whole rather than shown.
    return rules.some((rule) => rule.secret && result.includes(rule.text)) ? '***' : result;
  }

  /** Whether a JSON text may hold a rule's text: it does not when it has no escape and no plain occurrence. */
  private mightHold(text: string): boolean {
    if (this.isEmpty) return false;
    if (text.includes('\\') || text.includes('%') || text.includes('&')) return true;
    return this.quickNeedles.some((needle) => text.includes(needle));
  }
}

function maskOnce(text: string, rules: readonly MaskRule[]): string {
  const spans: (Span & { rule: MaskRule })[] = [];
  for (const rule of rules) {
    for (let at = text.indexOf(rule.text); at !== -1; at = text.indexOf(rule.text, at + rule.text.length))
      spans.push({ start: at, end: at + rule.text.length, rule });
    if (rule.secret) spans.push(...piecesAtEdges(text, rule));
  }
  if (hasEscapes(text))
    for (const span of findEncoded(
      text,
      rules.map((rule) => rule.text),
    ))
      spans.push({ start: span.start, end: span.end, rule: rules[span.needle]! });
  if (!spans.length) return text;
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  let result = '';
  let at = 0;
  let current: (Span & { rule: MaskRule }) | undefined;
  const close = () => {
    if (!current) return;
    result += text.slice(at, current.start) + current.rule.replacement;
    at = current.end;
  };
  for (const span of spans) {
    if (current && span.start < current.end) {
      current = { ...current, end: Math.max(current.end, span.end) };
      continue;
    }
    close();
    current = span;
  }
  close();
  return result + text.slice(at);
}

/**
 * A secret's piece that ends `text` (its beginning: the rest may follow in the next string or
 * message) or starts it (its end), at least {@link MIN_PIECE} characters long.
 */
function piecesAtEdges(text: string, rule: MaskRule): (Span & { rule: MaskRule })[] {
  const secret = rule.text;
  if (secret.length <= MIN_PIECE) return [];
  const spans: (Span & { rule: MaskRule })[] = [];
  const head = secret.slice(0, MIN_PIECE);
  for (
    let at = text.indexOf(head, Math.max(0, text.length - secret.length + 1));
    at !== -1 && at <= text.length - MIN_PIECE;
    at = text.indexOf(head, at + 1)
  )
    if (secret.startsWith(text.slice(at))) {
      spans.push({ start: at, end: text.length, rule });
      break;
    }
  const tail = secret.slice(-MIN_PIECE);
  for (
    let at = text.indexOf(tail);
    at !== -1 && at + MIN_PIECE < secret.length;
    at = text.indexOf(tail, at + 1)
  )
    if (secret.endsWith(text.slice(0, at + MIN_PIECE))) {
      spans.push({ start: 0, end: at + MIN_PIECE, rule });
      break;
    }
  return spans;
}
