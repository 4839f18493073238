import { typeName } from './base64.ts';
import { classifyResourceContents, type ResourceContents } from './resource-contents.ts';

/** The contents of an embedded resource, once its shape has been checked. */
export type EmbeddedContents = Exclude<ResourceContents, { kind: 'malformed' }>;

/** What a resource_link says about the resource it points at. */
export interface ResourceLinkInfo {
  uri: string;
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
}

/**
 * One content block of a tool result, after checking its shape. Views switch on `kind` and may
 * trust the fields; anything that does not fit the spec ends up `unknown` or `malformed`.
 */
export type ContentBlock =
  | { kind: 'text'; text: string; annotations: unknown }
  | { kind: 'image' | 'audio'; data: string; mimeType: string; annotations: unknown }
  | { kind: 'resource_link'; link: ResourceLinkInfo; annotations: unknown }
  | { kind: 'resource'; resource: EmbeddedContents; annotations: unknown }
  | { kind: 'unknown'; type: string; raw: unknown }
  | { kind: 'malformed'; problems: string[]; raw: unknown };

/** Every block of a result's `content`; a missing or non-array `content` is reported, not thrown. */
export function classifyContent(content: unknown): ContentBlock[] {
  if (content === undefined) return [];
  if (!Array.isArray(content)) {
    return [
      { kind: 'malformed', problems: [`content must be an array, got ${typeName(content)}`], raw: content },
    ];
  }
  return content.map(classifyBlock);
}

/** Checks one content block against the shapes of the 2025-06-18 / 2025-11-25 specs. */
export function classifyBlock(raw: unknown): ContentBlock {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { kind: 'malformed', problems: [`block must be an object, got ${typeName(raw)}`], raw };
  }
  const block = raw as Record<string, unknown>;
  const { type, annotations } = block;
  if (typeof type !== 'string')
    return { kind: 'malformed', problems: ['type is missing or not a string'], raw };
  switch (type) {
    case 'text':
      return typeof block.text === 'string'
        ? { kind: 'text', text: block.text, annotations }
        : malformed(raw, `text must be a string, got ${typeName(block.text)}`);
    case 'image':
    case 'audio': {
      const problems = [
        typeof block.data !== 'string' && `data must be a base64 string, got ${typeName(block.data)}`,
        typeof block.mimeType !== 'string' && `mimeType must be a string, got ${typeName(block.mimeType)}`,
      ].filter((problem): problem is string => problem !== false);
      return problems.length
        ? { kind: 'malformed', problems, raw }
        : { kind: type, data: block.data as string, mimeType: block.mimeType as string, annotations };
    }
    case 'resource_link':
      return classifyLink(block);
    case 'resource': {
      const resource = classifyResourceContents(block.resource);
      return resource.kind === 'malformed'
        ? { kind: 'malformed', problems: resource.problems.map((p) => `resource: ${p}`), raw }
        : { kind: 'resource', resource, annotations };
    }
    default:
      return { kind: 'unknown', type, raw };
  }
}

function classifyLink(block: Record<string, unknown>): ContentBlock {
  const { uri, name, title, description, mimeType, size, annotations } = block;
  if (typeof uri !== 'string') return malformed(block, `uri must be a string, got ${typeName(uri)}`);
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    kind: 'resource_link',
    link: {
      uri,
      name: text(name),
      title: text(title),
      description: text(description),
      mimeType: text(mimeType),
      size: typeof size === 'number' ? size : undefined,
    },
    annotations,
  };
}

function malformed(raw: unknown, problem: string): ContentBlock {
  return { kind: 'malformed', problems: [problem], raw };
}
