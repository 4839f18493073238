import type { Tool } from '@modelcontextprotocol/client';

/**
 * A tool as it stands in the server's listing. A name alone does not identify a tool: a server may list
 * two tools with the same name (the spec only says names SHOULD be unique) or a name that is not a string.
 */
export interface ListedTool {
  tool: Tool;
  /**
   * Identifies the tool for selection, drafts, "Always allow" and history. A string name that occurs once
   * (or its first occurrence) is its own key, so drafts stored by name before keys existed still match;
   * later occurrences of a name, and names that are not strings, get keys no plain name can equal.
   */
  key: string;
  /** Position in the listing, from 0. */
  index: number;
  /** The name as text, for display: the name itself, or its JSON when it is not a string. */
  nameText: string;
  nameIsString: boolean;
  /** Which tool of its name this is (1-based), and how many the listing has (1 when unique). */
  occurrence: number;
  sameName: number;
}

// Keys other than a plain name start with NUL, which no plain-name key contains (names with NUL get such keys too).
const SPECIAL = '\u0000';

const cache = new WeakMap<readonly Tool[], ListedTool[]>();

/** Identifies every tool of a listing; cached per listing (tool lists are immutable snapshots). */
export function listTools(tools: readonly Tool[]): ListedTool[] {
  const cached = cache.get(tools);
  if (cached) return cached;
  const counts = new Map<string, number>();
  for (const tool of tools) {
    if (typeof tool.name === 'string') counts.set(tool.name, (counts.get(tool.name) ?? 0) + 1);
  }
  const seen = new Map<string, number>();
  const listed = tools.map((tool, index): ListedTool => {
    const name: unknown = tool.name;
    if (typeof name !== 'string') {
      return {
        tool,
        key: `${SPECIAL}position:${index}`,
        index,
        nameText: JSON.stringify(name) ?? '(no name)',
        nameIsString: false,
        occurrence: 1,
        sameName: 1,
      };
    }
    const occurrence = (seen.get(name) ?? 0) + 1;
    seen.set(name, occurrence);
    const plain = occurrence === 1 && !name.includes(SPECIAL);
    return {
      tool,
      key: plain ? name : `${SPECIAL}${JSON.stringify([name, occurrence])}`,
      index,
      nameText: name,
      nameIsString: true,
      occurrence,
      sameName: counts.get(name) ?? 1,
    };
  });
  cache.set(tools, listed);
  return listed;
}

/** The listed tool with this key, if the listing still has it. */
export function findTool(tools: readonly Tool[], key: string | undefined): ListedTool | undefined {
  if (key === undefined) return undefined;
  return listTools(tools).find((listed) => listed.key === key);
}

/** The listed tool for a tool object of this listing (by identity). */
export function identifyTool(tools: readonly Tool[], tool: Tool): ListedTool | undefined {
  return listTools(tools).find((listed) => listed.tool === tool);
}

/** How the name of a tool outside any listing is keyed: the same as a unique name in a listing. */
export function fallbackKey(tool: Tool): string {
  return typeof tool.name === 'string' ? tool.name : `${SPECIAL}name:${JSON.stringify(tool.name)}`;
}

/** Where the display name came from. */
export type DisplayNameSource = 'title' | 'annotations.title' | 'name';

/**
 * The name to show people, in the spec's order: `title`, then `annotations.title`, then `name`
 * (2025-06-18 BaseMetadata: "except for Tool, where annotations.title should be given precedence over name").
 */
export function displayName(tool: Tool): { text: string; source: DisplayNameSource } {
  if (typeof tool.title === 'string' && tool.title.trim()) return { text: tool.title, source: 'title' };
  const annotations = tool.annotations as { title?: unknown } | undefined;
  const annotated = typeof annotations === 'object' && annotations !== null ? annotations.title : undefined;
  if (typeof annotated === 'string' && annotated.trim())
    return { text: annotated, source: 'annotations.title' };
  return { text: nameText(tool.name), source: 'name' };
}

/** A name as text: itself when it is a string, else its JSON. */
export function nameText(name: unknown): string {
  return typeof name === 'string' ? name : (JSON.stringify(name) ?? '(no name)');
}

/** What is wrong with a name that is not a string, in words; undefined for a string. */
export function describeNonStringName(name: unknown): string | undefined {
  if (typeof name === 'string') return undefined;
  if (name === undefined) return 'the tool has no name (the spec requires a string); calls send none';
  const kind =
    name === null
      ? 'null'
      : Array.isArray(name)
        ? 'an array'
        : typeof name === 'object'
          ? 'an object'
          : `a ${typeof name}`;
  return `the name is ${kind}, not a string (the spec requires one); calls send it exactly as listed`;
}
