import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import {
  describeNonStringName,
  displayName,
  fallbackKey,
  findTool,
  identifyTool,
  listTools,
} from './tool-identity.ts';

const tool = (name: unknown, extra: Partial<Tool> = {}): Tool =>
  ({ name, inputSchema: { type: 'object' }, ...extra }) as Tool;

describe('tool identity', () => {
  it('keys a unique name by itself, so drafts stored by name still open', () => {
    const tools = [tool('a'), tool('b')];
    expect(listTools(tools).map((l) => l.key)).toEqual(['a', 'b']);
    expect(findTool(tools, 'b')?.tool).toBe(tools[1]);
    expect(fallbackKey(tools[0]!)).toBe('a');
  });

  it('tells duplicates apart by position, marks them, and no plain name can take their key', () => {
    const tools = [tool('dup'), tool('x'), tool('dup'), tool('dup')];
    const listed = listTools(tools);
    expect(listed.map((l) => [l.occurrence, l.sameName])).toEqual([
      [1, 3],
      [1, 1],
      [2, 3],
      [3, 3],
    ]);
    const keys = listed.map((l) => l.key);
    expect(new Set(keys).size).toBe(4);
    expect(keys[0]).toBe('dup');
    expect(keys[2]!.startsWith('\u0000')).toBe(true);
    expect(identifyTool(tools, tools[3]!)?.index).toBe(3);
    expect(findTool(tools, keys[2])?.tool).toBe(tools[2]);
  });

  it('keys names that are not strings by position and shows them as JSON', () => {
    const tools = [tool(42), tool(null), tool(undefined), tool('42')];
    const listed = listTools(tools);
    expect(listed.map((l) => l.nameText)).toEqual(['42', 'null', '(no name)', '42']);
    expect(listed.map((l) => l.nameIsString)).toEqual([false, false, false, true]);
    expect(new Set(listed.map((l) => l.key)).size).toBe(4);
    expect(listed[3]!.key).toBe('42');
    expect(describeNonStringName(42)).toMatch(/a number, not a string/);
    expect(describeNonStringName(undefined)).toMatch(/no name/);
    expect(describeNonStringName('ok')).toBeUndefined();
  });

  it('caches the identification per listing', () => {
    const tools = [tool('a')];
    expect(listTools(tools)).toBe(listTools(tools));
  });

  it('shows title, then annotations.title, then the name', () => {
    expect(displayName(tool('n', { title: 'T', annotations: { title: 'A' } }))).toEqual({
      text: 'T',
      source: 'title',
    });
    expect(displayName(tool('n', { annotations: { title: 'A' } }))).toEqual({
      text: 'A',
      source: 'annotations.title',
    });
    expect(displayName(tool('n', { title: '  ', annotations: { title: 7 as never } }))).toEqual({
      text: 'n',
      source: 'name',
    });
    expect(displayName(tool(5)).text).toBe('5');
  });
});
