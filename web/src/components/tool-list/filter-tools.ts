import type { Tool } from '@modelcontextprotocol/sdk/types.js';

/** Tools whose name, title or description contains the filter text (case-insensitive). */
export function filterTools(tools: Tool[], filter: string): Tool[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return tools;
  const has = (value: unknown) => typeof value === 'string' && value.toLowerCase().includes(needle);
  return tools.filter((tool) => has(tool.name) || has(tool.title) || has(tool.description));
}
