/**
 * `regional_echo`: a tool whose arguments travel as HTTP headers too (MCP 2026-07-28,
 * `x-mcp-header`): over Streamable HTTP a modern client must send `Mcp-Param-Region` and, when
 * given, `Mcp-Param-Dry-Run`, and the demo's HTTP endpoint rejects a call without them (-32020).
 * Over stdio, and in the 2025 era, the declarations are just part of the schema.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

/** Registers `regional_echo`. */
export function registerHeaderTools(server: McpServer): void {
  server.registerTool(
    'regional_echo',
    {
      title: 'Regional echo',
      description:
        'Echoes a message "from" a region. `region` is mirrored into the Mcp-Param-Region HTTP header and ' +
        '`dryRun` into Mcp-Param-Dry-Run (x-mcp-header); over HTTP the server checks that headers and body agree.',
      inputSchema: z.object({
        region: z
          .string()
          .min(1)
          .describe('Region to answer from, e.g. "eu-west-1" (any text: non-ASCII is sent base64-encoded)')
          .meta({ 'x-mcp-header': 'Region' }),
        message: z.string().default('Hello').describe('Text to echo'),
        dryRun: z.boolean().optional().describe('Pretend only').meta({ 'x-mcp-header': 'Dry-Run' }),
      }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ region, message, dryRun }) => ({
      content: [{ type: 'text', text: `[${region}]${dryRun ? ' (dry run)' : ''} ${message}` }],
    }),
  );
}
