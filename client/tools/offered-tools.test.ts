import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import { offerTools } from './offered-tools.ts';

const tool = (name: string, extra: Partial<Tool> = {}): Tool =>
  ({ name, inputSchema: { type: 'object', properties: {} }, ...extra }) as Tool;

describe('offerTools', () => {
  it('offers names, descriptions and schemas exactly as declared when the provider accepts them', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
    const [offered] = offerTools([
      tool('get_weather', { description: 'Weather', inputSchema: schema as never }),
    ]);
    expect(offered?.spec).toEqual({ name: 'get_weather', description: 'Weather', inputSchema: schema });
    expect(offered?.changes).toEqual([]);
  });

  it('renames what providers reject, keeps names unique, and says what changed', () => {
    const offered = offerTools([tool('files.read'), tool('files/read'), tool('x'.repeat(70))]);
    expect(offered.map((t) => t.spec.name)).toEqual(['files_read', 'files_read_2', 'x'.repeat(64)]);
    expect(offered[0]?.changes).toEqual(['name sent as "files_read"']);
  });

  it('gives a schema that is not an object schema the object type providers require, and says so', () => {
    const [offered] = offerTools([tool('t', { inputSchema: { properties: {} } as never })]);
    expect(offered?.spec.inputSchema).toEqual({ type: 'object', properties: {} });
    expect(offered?.changes).toEqual(['"type": "object" added to the input schema']);
  });
});
