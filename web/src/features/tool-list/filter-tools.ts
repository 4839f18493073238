import { displayName, type ListedTool } from '../../mcp/tool-identity.ts';

/** Tools whose name, display name, title or description contains the filter text (case-insensitive). */
export function filterTools(tools: ListedTool[], filter: string): ListedTool[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return tools;
  const has = (value: unknown) => typeof value === 'string' && value.toLowerCase().includes(needle);
  return tools.filter(
    ({ tool, nameText }) =>
      has(nameText) || has(displayName(tool).text) || has(tool.title) || has(tool.description),
  );
}
