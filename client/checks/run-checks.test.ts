import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import { plannedCalls, safeToCall } from './run-checks.ts';

const tool = (annotations?: Record<string, unknown>): Tool =>
  ({
    name: 't',
    inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
    annotations,
  }) as Tool;

describe('which tools a check calls', () => {
  it('calls tools that say they are read-only or non-destructive, and no others', () => {
    expect(safeToCall(tool({ readOnlyHint: true }))).toBe(true);
    expect(safeToCall(tool({ destructiveHint: false }))).toBe(true);
    expect(safeToCall(tool())).toBe(false);
    expect(safeToCall(tool({ destructiveHint: true }))).toBe(false);
    expect(safeToCall(tool({ readOnlyHint: 'yes' }))).toBe(false);
  });

  it('plans generated arguments, --all, and the argument file’s calls', () => {
    expect(plannedCalls(tool({ readOnlyHint: true }), {})).toEqual([
      { tool: 't', status: 'ok', arguments: { n: 1 } },
    ]);
    expect(plannedCalls(tool(), {})[0]?.status).toBe('skipped');
    expect(plannedCalls(tool(), { all: true })[0]?.status).toBe('ok');
    expect(plannedCalls(tool(), { argsByTool: { t: [{ n: 5 }, { n: 6 }] } })).toEqual([
      { tool: 't', status: 'ok', arguments: { n: 5 } },
      { tool: 't', status: 'ok', arguments: { n: 6 } },
    ]);
  });

  it('calls only the named tools when asked to (a baseline makes its own calls and no others)', () => {
    const named = { argsByTool: { t: [{ n: 7 }] }, onlyNamed: true };
    expect(plannedCalls(tool({ readOnlyHint: true }), named)).toEqual([
      { tool: 't', status: 'ok', arguments: { n: 7 } },
    ]);
    expect(plannedCalls(tool({ readOnlyHint: true }), { argsByTool: {}, onlyNamed: true })).toEqual([]);
  });
});
