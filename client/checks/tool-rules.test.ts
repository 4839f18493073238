import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import { checkTools, type ServerFacts } from './tool-rules.ts';

const LEGACY: ServerFacts = { revision: '2025-11-25', capabilities: { tools: {} }, transport: 'http' };
const MODERN: ServerFacts = { ...LEGACY, revision: '2026-07-28' };
const SCHEMA = { type: 'object', properties: {} };

function tool(fields: Record<string, unknown>): Tool {
  return { name: 'ok', inputSchema: SCHEMA, ...fields } as Tool;
}

/** The rule ids and levels found for `tools`. */
function rules(tools: Tool[], facts = LEGACY): string[] {
  return checkTools(tools, facts).map((finding) => `${finding.level} ${finding.rule}`);
}

describe('checkTools', () => {
  it('finds nothing in a plain tool', () => {
    expect(checkTools([tool({})], LEGACY)).toEqual([]);
  });

  it('reports names against the naming rules, and names listed twice', () => {
    expect(rules([tool({ name: 'has space' })])).toEqual(['warning tool-name']);
    expect(rules([tool({ name: 42 })])).toEqual(['error tool-name']);
    const findings = checkTools([tool({ name: 'twin' }), tool({ name: 'twin' })], LEGACY);
    expect(findings).toEqual([
      expect.objectContaining({ level: 'error', rule: 'duplicate-name', subject: 'tool twin' }),
    ]);
  });

  it('reports input schemas that are not objects or do not compile under their dialect', () => {
    expect(rules([tool({ inputSchema: null })])).toEqual(['error input-schema']);
    expect(rules([tool({ inputSchema: { type: 'string' } })])).toEqual(['error input-schema']);
    // `items` as an array is draft-07; under 2020-12 (the default from 2025-11-25) it does not compile.
    const draft07Items = {
      type: 'object',
      properties: { p: { type: 'array', items: [{ type: 'string' }] } },
    };
    expect(rules([tool({ inputSchema: draft07Items })])).toEqual(['error input-schema']);
    expect(
      rules([tool({ inputSchema: { ...draft07Items, $schema: 'http://json-schema.org/draft-07/schema#' } })]),
    ).toEqual([]);
    expect(rules([tool({ outputSchema: { type: 'object', properties: { x: { type: 'nope' } } } })])).toEqual([
      'error output-schema',
    ]);
  });

  it('reports annotations of the wrong type and contradictions', () => {
    expect(rules([tool({ annotations: { readOnlyHint: 'yes' } })])).toEqual(['error annotations']);
    expect(rules([tool({ annotations: { readOnlyHint: true, destructiveHint: true } })])).toEqual([
      'warning annotations',
    ]);
  });

  it('reports task support the server does not back, or that its revision does not know', () => {
    const required = tool({ execution: { taskSupport: 'required' } });
    expect(rules([required])).toEqual(['error task-support']);
    expect(rules([tool({ execution: { taskSupport: 'sometimes' } })])).toEqual(['error task-support']);
    expect(rules([required], { ...LEGACY, revision: '2025-06-18' })).toEqual(['warning task-support']);
    const withTasks = {
      ...LEGACY,
      capabilities: { tools: {}, tasks: { requests: { tools: { call: {} } } } },
    };
    expect(rules([required], withTasks)).toEqual([]);
  });

  it('reports icons with schemes other than https: and data:', () => {
    const icons = [
      { src: 'https://example.com/a.png' },
      { src: 'data:image/png;base64,AAAA' },
      { src: 'javascript:alert(1)' },
      { src: 'http://example.com/a.png' },
      { src: 'file:///etc/passwd' },
    ];
    const findings = checkTools([tool({ icons })], LEGACY);
    expect(findings.map((finding) => finding.message.slice(0, 8))).toEqual([
      'icons[2]',
      'icons[3]',
      'icons[4]',
    ]);
    expect(rules([tool({ icons: 'x' })])).toEqual(['error icons']);
  });

  it('reports invalid x-mcp-header declarations under 2026-07-28 only, as errors over HTTP', () => {
    const inputSchema = { type: 'object', properties: { a: { type: 'object', 'x-mcp-header': 'A' } } };
    expect(rules([tool({ inputSchema })], LEGACY)).toEqual([]);
    expect(rules([tool({ inputSchema })], MODERN)).toEqual(['error x-mcp-header']);
    expect(rules([tool({ inputSchema })], { ...MODERN, transport: 'stdio' })).toEqual([
      'warning x-mcp-header',
    ]);
  });
});
