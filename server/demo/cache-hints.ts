/**
 * How long clients may keep what the demo server lists (MCP 2026-07-28 caching, SEP-2549): each
 * list result and `server/discover` carry `ttlMs` and `cacheScope`. The tool list changes only
 * through `toggle_extra_tool`, which announces it (list_changed invalidates a cache), so it may be
 * kept a minute; the demo resources never change. 2025-era results carry no hints.
 */
import type { CacheHint, McpServer, ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod';

/** The hints per operation, as McpServer's `cacheHints` option takes them. */
export const DEMO_CACHE_HINTS = {
  'server/discover': { ttlMs: 300_000, cacheScope: 'public' },
  'tools/list': { ttlMs: 60_000, cacheScope: 'public' },
  'resources/list': { ttlMs: 300_000, cacheScope: 'public' },
  'resources/templates/list': { ttlMs: 300_000, cacheScope: 'public' },
} as const satisfies Record<string, CacheHint>;

/** The hint of the `server-time` resource: it changes every second, so each client keeps it briefly. */
export const SERVER_TIME_CACHE_HINT = { ttlMs: 10_000, cacheScope: 'private' } as const satisfies CacheHint;

const SERVER_TIME_URI = 'demo://data/server-time';

const hintSchema = z.object({ ttlMs: z.number().int(), cacheScope: z.enum(['public', 'private']) });

/** Registers the `server-time` resource and the `cache_hints` tool. */
export function registerCacheDemo(server: McpServer): void {
  server.registerResource(
    'server-time',
    SERVER_TIME_URI,
    {
      title: 'Server time',
      description: `The server's clock. resources/read says it may be cached for ${SERVER_TIME_CACHE_HINT.ttlMs / 1000} s (private).`,
      mimeType: 'text/plain',
      cacheHint: SERVER_TIME_CACHE_HINT,
    },
    () => ({ contents: [{ uri: SERVER_TIME_URI, mimeType: 'text/plain', text: new Date().toISOString() }] }),
  );

  server.registerTool(
    'cache_hints',
    {
      title: 'Cache hints',
      description:
        'Says how long a 2026-07-28 client may cache this server’s lists (ttlMs, cacheScope), and whether this ' +
        'request was served in that era (2025-era results carry no hints). Compare with the ttlMs of tools/list.',
      outputSchema: z.object({
        era: z.enum(['2026-07-28', '2025']),
        hints: z.record(z.string(), hintSchema),
      }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    (ctx: ServerContext) => {
      const data = {
        era: ctx.mcpReq.envelope !== undefined ? ('2026-07-28' as const) : ('2025' as const),
        hints: { ...DEMO_CACHE_HINTS, [`resources/read ${SERVER_TIME_URI}`]: SERVER_TIME_CACHE_HINT },
      };
      return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
    },
  );
}
