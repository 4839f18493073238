import type { Client } from '@modelcontextprotocol/client';
import type { Tool } from '@modelcontextprotocol/client';
import { z } from 'zod';

/** Upper bound on pages, so a server that keeps returning cursors cannot loop us forever. */
export const MAX_PAGES = 1000;

const ListPageSchema = z.looseObject({
  tools: z.array(z.unknown()).optional(),
  nextCursor: z.string().optional(),
});

/**
 * Fetches one page through `fetch`, or answers it otherwise (from a cache: see list-cache.ts).
 * The default fetches every page.
 */
export type PageSource = (
  cursor: string | undefined,
  fetch: () => Promise<Record<string, unknown>>,
) => Promise<Record<string, unknown>>;

/**
 * Lists every tool, following `nextCursor` to the end. Reads pages loosely: one malformed tool
 * must not hide the others from a debugger, so tools are kept as the server sent them.
 */
export async function listAllTools(
  client: Client,
  signal?: AbortSignal,
  maxPages = MAX_PAGES,
  source: PageSource = (_cursor, fetch) => fetch(),
): Promise<Tool[]> {
  const tools: Tool[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let count = 0; count < maxPages; count++) {
    const at = cursor;
    const answer = await source(at, () =>
      client.request(
        { method: 'tools/list', params: at === undefined ? {} : { cursor: at } },
        ListPageSchema,
        {
          signal,
        },
      ),
    );
    const result = ListPageSchema.parse(answer);
    for (const tool of result.tools ?? []) {
      if (typeof tool === 'object' && tool !== null) tools.push(tool as Tool);
    }
    cursor = result.nextCursor;
    if (cursor === undefined) return tools;
    if (seen.has(cursor))
      throw new Error(`The server repeated the cursor ${JSON.stringify(cursor)}; stopped listing`);
    seen.add(cursor);
  }
  throw new Error(`Stopped listing tools after ${maxPages} pages`);
}
