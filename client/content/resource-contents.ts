import { typeName } from './base64.ts';

/** A resource's contents (embedded in a result, or read with resources/read), checked for shape. */
export type ResourceContents =
  | { kind: 'text'; uri: string; mimeType?: string; title?: string; text: string; annotations?: unknown }
  | { kind: 'blob'; uri: string; mimeType?: string; title?: string; blob: string; annotations?: unknown }
  | { kind: 'malformed'; problems: string[]; raw: unknown };

/** Checks one TextResourceContents / BlobResourceContents object. */
export function classifyResourceContents(raw: unknown): ResourceContents {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { kind: 'malformed', problems: [`resource must be an object, got ${typeName(raw)}`], raw };
  }
  const { uri, mimeType, title, text, blob, annotations } = raw as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof uri !== 'string') problems.push(`uri must be a string, got ${typeName(uri)}`);
  if (mimeType !== undefined && typeof mimeType !== 'string') problems.push('mimeType must be a string');
  if (text !== undefined && blob !== undefined) problems.push('has both text and blob');
  else if (text === undefined && blob === undefined) problems.push('has neither text nor blob');
  else if (text !== undefined && typeof text !== 'string') problems.push('text must be a string');
  else if (blob !== undefined && typeof blob !== 'string') problems.push('blob must be a base64 string');
  if (problems.length) return { kind: 'malformed', problems, raw };
  const common = {
    uri: uri as string,
    mimeType: mimeType as string | undefined,
    title: typeof title === 'string' ? title : undefined,
    annotations,
  };
  return typeof text === 'string'
    ? { kind: 'text', ...common, text }
    : { kind: 'blob', ...common, blob: blob as string };
}

/** The `contents` array of a resources/read result, each entry checked; a bad result is one malformed entry. */
export function classifyReadResult(result: unknown): ResourceContents[] {
  const contents = (result as { contents?: unknown } | null)?.contents;
  if (!Array.isArray(contents)) {
    return [
      { kind: 'malformed', problems: [`contents must be an array, got ${typeName(contents)}`], raw: result },
    ];
  }
  return contents.map(classifyResourceContents);
}
