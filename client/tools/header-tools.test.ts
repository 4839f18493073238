import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import { setAsideInvalidHeaderTools } from './header-tools.ts';

const tool = (name: string, header: string): Tool => ({
  name,
  inputSchema: { type: 'object', properties: { q: { type: 'string', 'x-mcp-header': header } } },
});

describe('setAsideInvalidHeaderTools', () => {
  const tools = [tool('good', 'Region'), tool('bad', 'Bad Header')];

  it('sets a tool with an invalid x-mcp-header apart, with the reason', () => {
    const { tools: kept, excluded } = setAsideInvalidHeaderTools(tools, true);
    expect(kept.map((t) => t.name)).toEqual(['good']);
    expect(excluded).toHaveLength(1);
    expect(excluded[0]!.tool.name).toBe('bad');
    expect(excluded[0]!.reason).toMatch(/Bad Header/);
  });

  it('keeps every tool where the rule does not apply (stdio, the 2025 era)', () => {
    expect(setAsideInvalidHeaderTools(tools, false)).toEqual({ tools, excluded: [] });
  });
});
