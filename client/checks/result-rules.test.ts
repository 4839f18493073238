import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import { cacheHintFindings, checkCallResult, listOrderFindings, resultTypeFindings } from './result-rules.ts';

const WEATHER = {
  name: 'weather',
  inputSchema: { type: 'object' },
  outputSchema: { type: 'object', properties: { temp: { type: 'number' } }, required: ['temp'] },
} as Tool;

function rules(result: unknown, revision = '2025-11-25'): string[] {
  return checkCallResult(WEATHER, result, revision, 'tool weather').map((f) => `${f.level} ${f.rule}`);
}

describe('checkCallResult', () => {
  it('passes structured content that fits its schema and is mirrored in text', () => {
    expect(
      rules({ content: [{ type: 'text', text: '{"temp": 3}' }], structuredContent: { temp: 3 } }),
    ).toEqual([]);
  });

  it('reports structured content that breaks the outputSchema, or is missing', () => {
    const wrong = {
      content: [{ type: 'text', text: '{"temp":"warm"}' }],
      structuredContent: { temp: 'warm' },
    };
    expect(rules(wrong)).toEqual(['error structured-content']);
    expect(rules({ content: [{ type: 'text', text: 'hi' }] })).toEqual(['error structured-content']);
    // A tool error need not match the schema.
    expect(rules({ content: [{ type: 'text', text: 'no' }], isError: true })).toEqual([]);
  });

  it('warns when no text block carries the structured content (back-compat)', () => {
    expect(rules({ content: [], structuredContent: { temp: 3 } })).toEqual(['warning text-mirror']);
  });

  it('requires a known resultType under 2026-07-28 only', () => {
    const result = { content: [{ type: 'text', text: '{"temp":3}' }], structuredContent: { temp: 3 } };
    expect(rules(result, '2026-07-28')).toEqual(['error result-type']);
    expect(rules({ ...result, resultType: 'complete' }, '2026-07-28')).toEqual([]);
    expect(resultTypeFindings({ resultType: 'weird' }, '2026-07-28', 's')[0]?.message).toMatch(
      /not one a client knows/,
    );
  });
});

describe('cacheHintFindings', () => {
  it('reads ttlMs and cacheScope under 2026-07-28', () => {
    expect(cacheHintFindings({ ttlMs: 1000, cacheScope: 'public' }, '2026-07-28', 'tools/list')).toEqual([]);
    const levels = (result: Record<string, unknown>) =>
      cacheHintFindings(result, '2026-07-28', 'tools/list').map((f) => f.level);
    expect(levels({})).toEqual(['warning', 'info']);
    expect(levels({ ttlMs: -5, cacheScope: 'everyone' })).toEqual(['error', 'error']);
    expect(levels({ ttlMs: 1.5, cacheScope: 'private' })).toEqual(['error']);
    expect(cacheHintFindings({}, '2025-11-25', 'tools/list')).toEqual([]);
  });
});

describe('listOrderFindings', () => {
  it('reports a list whose order or items changed between two listings', () => {
    expect(listOrderFindings('tools/list', ['a', 'b'], ['a', 'b'], '2026-07-28')).toEqual([]);
    expect(listOrderFindings('tools/list', ['a', 'b'], ['b', 'a'], '2026-07-28')).toEqual([
      expect.objectContaining({
        level: 'warning',
        rule: 'list-order',
        message: expect.stringMatching(/another order/),
      }),
    ]);
    expect(listOrderFindings('tools/list', ['a'], ['a', 'b'], '2025-11-25')[0]?.level).toBe('info');
  });
});
