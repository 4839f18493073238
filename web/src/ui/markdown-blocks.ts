/** A block of the tiny markdown subset tool descriptions use. */
export type MarkdownBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'code'; text: string }
  | { kind: 'heading'; text: string };

/** An inline run: plain text, `code`, **strong**, *emphasis* or a [link](https://…). */
export type MarkdownInline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'em'; text: string }
  | { kind: 'link'; text: string; href: string };

/** Splits description text into blocks. Never produces HTML: rendering makes React elements. */
export function parseBlocks(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trimStart().startsWith('```')) {
      flush();
      const code: string[] = [];
      while (++i < lines.length && !lines[i]!.trimStart().startsWith('```')) code.push(lines[i]!);
      blocks.push({ kind: 'code', text: code.join('\n') });
    } else if (/^\s*[-*]\s+/.test(line)) {
      flush();
      const last = blocks.at(-1);
      const item = line.replace(/^\s*[-*]\s+/, '');
      if (last?.kind === 'list') last.items.push(item);
      else blocks.push({ kind: 'list', items: [item] });
    } else if (/^#{1,6}\s/.test(line)) {
      flush();
      blocks.push({ kind: 'heading', text: line.replace(/^#+\s*/, '') });
    } else if (!line.trim()) {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

const INLINE = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Splits a line into inline runs; links keep only http(s) targets, anything else stays text. */
export function parseInline(text: string): MarkdownInline[] {
  const runs: MarkdownInline[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) runs.push({ kind: 'text', text: text.slice(last, match.index) });
    const [whole, code, strong, em, linkText, href] = match;
    if (code !== undefined) runs.push({ kind: 'code', text: code });
    else if (strong !== undefined) runs.push({ kind: 'strong', text: strong });
    else if (em !== undefined) runs.push({ kind: 'em', text: em });
    else if (linkText !== undefined && href !== undefined && /^https?:\/\//i.test(href)) {
      runs.push({ kind: 'link', text: linkText, href });
    } else runs.push({ kind: 'text', text: whole });
    last = match.index + whole.length;
  }
  if (last < text.length) runs.push({ kind: 'text', text: text.slice(last) });
  return runs;
}
