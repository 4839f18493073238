import { afterEach, describe, expect, it, vi } from 'vitest';
import { findEncoded } from './encoded-spans.ts';
import { SecretScrubber } from './secret-scrubber.ts';
import { TextMask } from './text-mask.ts';

const SECRET = 'sk-live-4f8a2c9b1d7e';
const mask = new SecretScrubber([SECRET]);

/** Every string of a JSON text, keys included, as its reader gets them. */
function stringsOf(json: string): string[] {
  const out: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) {
        out.push(key);
        walk(item);
      }
  };
  walk(JSON.parse(json));
  return out;
}

const escapeAll = (text: string) =>
  [...text].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('TextMask: a secret is found however the JSON writes it', () => {
  it.each([
    ['every character \\u-escaped', `{"text":"${escapeAll(SECRET)}"}`],
    ['one character \\u-escaped, the rest plain', `{"text":"x \\u0073k-live-4f8a2c9b1d7e y"}`],
    ['upper-case hex digits', '{"text":"s\\u006B-live-4f8a2c9b1d7e"}'],
    ['an escaped solidus and quote around it', `{"text":"\\/${SECRET}\\""}`],
    ['in a key', `{"${escapeAll(SECRET)}":1}`],
    ['deep in structuredContent', `{"result":{"structuredContent":{"a":[{"b":"${escapeAll(SECRET)}"}]}}}`],
    ['in an error’s data', `{"error":{"code":-1,"message":"x","data":{"env":"${escapeAll(SECRET)}"}}}`],
  ])('%s', (_name, json) => {
    const masked = mask.maskJson(json);
    for (const text of stringsOf(masked)) expect(text).not.toContain(SECRET);
    expect(masked).not.toContain(SECRET);
  });

  it('keeps the rest of the message, and its JSON valid', () => {
    const json = `{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"key=${escapeAll(SECRET)}!"}]}}`;
    expect(JSON.parse(mask.maskJson(json))).toEqual({
      jsonrpc: '2.0',
      id: 7,
      result: { content: [{ type: 'text', text: 'key=***!' }] },
    });
  });

  it('a secret outside the Basic Multilingual Plane, written as an escaped surrogate pair', () => {
    const secret = 'key-\u{1F511}-9b1d7e42';
    const scrubber = new SecretScrubber([secret]);
    const json = `{"text":"a key-\\ud83d\\udd11-9b1d7e42 b"}`;
    expect(JSON.parse(json).text).toContain(secret);
    expect(JSON.parse(scrubber.maskJson(json))).toEqual({ text: 'a *** b' });
    // …and inside a JSON text that a viewer will parse again.
    const nested = JSON.stringify({
      text: JSON.stringify({ key: secret }).replace('\u{1F511}', '\\ud83d\\udd11'),
    });
    expect(stringsOf(scrubber.maskJson(nested)).join(' ')).not.toMatch(/ud83d\\udd11-9b1d7e42/);
  });
});

describe('TextMask: inside strings, escapes a viewer decodes', () => {
  it.each([
    ['a JSON text in a string', `{"env":"\\u0073k-live-4f8a2c9b1d7e"}`],
    ['a JSON text in a JSON text in a string', `{"inner":"{\\"env\\":\\"\\\\u0073k-live-4f8a2c9b1d7e\\"}"}`],
    ['percent-encoded (a URL query)', 'https://api.example/?key=sk%2Dlive%2D4f8a2c9b1d7e&x=1'],
    ['HTML character references', '<p>&#115;k-live-&#x34;f8a2c9b1d7e</p>'],
    ['JavaScript escapes', `const key = "\\x73k-live-4f8a2c9b1d7e";`],
  ])('%s', (_name, text) => {
    const masked = mask.maskString(text);
    expect(masked).toContain('***');
    expect(masked).not.toMatch(/4f8a2c9b1d7e/);
  });

  it('replaces only the span that spelled the secret', () => {
    expect(mask.maskString('before \\u0073k-live-4f8a2c9b1d7e after')).toBe('before *** after');
    expect(mask.maskString('a%20b sk%2Dlive%2D4f8a2c9b1d7e %41')).toBe('a%20b *** %41');
  });

  it('percent-encoded UTF-8 characters', () => {
    const secret = 'clé-secrète-2c9b';
    expect(new SecretScrubber([secret]).maskString(`q=${encodeURIComponent(secret)}`)).toBe('q=***');
  });

  it('maps nested escapes back to the source', () => {
    const source = 'x\\\\u0041BC y';
    const [span] = findEncoded(source, ['ABC']);
    expect(source.slice(span!.start, span!.end)).toBe('\\\\u0041BC');
  });
});

describe('TextMask: edges and limits', () => {
  it('a secret split across two strings (two messages): each piece of 8 or more characters at an edge is hidden', () => {
    const first = mask.maskString(`the key is ${SECRET.slice(0, 13)}`);
    const second = mask.maskString(`${SECRET.slice(13)} (end)`);
    expect(first).toBe('the key is ***');
    // The rest is shorter than a piece: 7 of its 20 characters show, never the whole.
    expect(second).toBe(`${SECRET.slice(13)} (end)`);
    expect(mask.maskString(`${SECRET.slice(5)} and more`)).toBe('*** and more');
  });

  it('a secret that is a piece of JSON syntax leaves the message whole (and unparsed text the same string)', () => {
    const syntax = '"jsonrpc":"2.0"';
    const scrubber = new SecretScrubber([syntax]);
    const json = '{"jsonrpc":"2.0","id":1,"result":{"text":"plain"}}';
    expect(scrubber.maskJson(json)).toBe(json);
    const holding = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { text: `x ${syntax} y` } });
    expect(JSON.parse(scrubber.maskJson(holding))).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { text: 'x *** y' },
    });
  });

  it('masks again when a replacement forms the secret anew', () => {
    const scrubber = new SecretScrubber(['a***bcdef']);
    expect(scrubber.maskString('aa***bcdefbcdef')).toBe('***');
  });

  it('does not parse JSON that holds no escape and no piece of a secret', () => {
    const parse = vi.spyOn(JSON, 'parse');
    const text = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: 'hello' }] },
    });
    expect(mask.maskJson(text)).toBe(text);
    expect(new TextMask([]).maskJson('{"a":"\\u0041"}')).toBe('{"a":"\\u0041"}');
    expect(parse).not.toHaveBeenCalled();
  });

  it('returns the same text when it parsed the JSON and found nothing', () => {
    const text = '{"text":"a line\\nanother, 100% & more"}';
    expect(mask.maskJson(text)).toBe(text);
  });

  it('hides details in values only, secrets in keys too', () => {
    const both = new TextMask([
      { text: 'message', replacement: '(detail)' },
      { text: SECRET, replacement: '***', secret: true },
    ]);
    expect(JSON.parse(both.maskJson(JSON.stringify({ message: 'message', [SECRET]: 1 })))).toEqual({
      message: '(detail)',
      '***': 1,
    });
  });
});
