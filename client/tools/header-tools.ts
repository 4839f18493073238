import type { Tool } from '@modelcontextprotocol/client';
import { checkToolHeaders } from '#shared/mcp-param-headers.ts';

/** A listed tool the client must not offer, and why. */
export interface ExcludedTool {
  tool: Tool;
  reason: string;
}

/**
 * Sets apart the tools whose `x-mcp-header` declarations break the spec's rules, when `applies`
 * (an HTTP connection in the 2026-07-28 era: "HTTP clients MUST exclude the invalid tool from the
 * result of tools/list"). They are kept, with the reason, to be listed apart rather than hidden.
 */
export function setAsideInvalidHeaderTools(
  tools: Tool[],
  applies: boolean,
): { tools: Tool[]; excluded: ExcludedTool[] } {
  if (!applies) return { tools, excluded: [] };
  const kept: Tool[] = [];
  const excluded: ExcludedTool[] = [];
  for (const tool of tools) {
    const check = checkToolHeaders((tool as { inputSchema?: unknown }).inputSchema);
    if (check.valid) kept.push(tool);
    else excluded.push({ tool, reason: check.reason });
  }
  return { tools: kept, excluded };
}
