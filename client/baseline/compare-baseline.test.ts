import { describe, expect, it } from 'vitest';
import type { BaselineCall } from '#shared/baseline-file.ts';
import { baselineFromCalls } from './baseline-from-calls.ts';
import { compareCall, comparisonFinding, describeChange } from './compare-baseline.ts';

const text = (value: string) => ({ content: [{ type: 'text', text: value }] });
const ok = (result: unknown) => ({ status: 'ok', result });

describe('baselineFromCalls', () => {
  it('keeps one entry per distinct call, with the places that differed between repeats as volatile', () => {
    const file = baselineFromCalls(
      [
        { tool: 'now', args: {}, outcome: ok(text('10:00:01')) },
        { tool: 'add', args: { a: 1, b: 2 }, outcome: ok(text('3')) },
        { tool: 'now', args: {}, outcome: ok(text('10:00:02')) },
        { tool: 'add', args: { a: 1, b: 2 }, outcome: ok(text('3')) },
      ],
      { savedAt: '2026-12-01T00:00:00.000Z', server: { name: 's', version: '1' } },
    );
    expect(file).toMatchObject({ format: 'toolscope-baseline', version: 1, server: { name: 's' } });
    expect(file.calls).toEqual([
      {
        tool: 'now',
        arguments: {},
        answer: { status: 'ok', result: text('10:00:01') },
        volatile: ['/content/0/text'],
      },
      { tool: 'add', arguments: { a: 1, b: 2 }, answer: { status: 'ok', result: text('3') } },
    ]);
  });

  it('keeps protocol errors, drops calls without an answer, and makes a status that changed volatile as a whole', () => {
    const file = baselineFromCalls(
      [
        {
          tool: 'bad',
          args: {},
          outcome: { status: 'protocol-error', error: { code: -32602, message: 'no' } },
        },
        { tool: 'denied', args: {}, outcome: { status: 'denied' } },
        { tool: 'slow', args: {} },
        { tool: 'flaky', args: {}, outcome: ok(text('fine')) },
        { tool: 'flaky', args: {}, outcome: { status: 'tool-error', result: text('busy') } },
      ],
      { savedAt: 'x', ignore: ['/_meta'] },
    );
    expect(file.ignore).toEqual(['/_meta']);
    expect(file.calls.map((call) => [call.tool, call.answer.status, call.volatile])).toEqual([
      ['bad', 'protocol-error', undefined],
      ['flaky', 'ok', ['']],
    ]);
  });
});

describe('compareCall', () => {
  const call: BaselineCall = {
    tool: 'now',
    arguments: { zone: 'UTC' },
    answer: {
      status: 'ok',
      result: { content: [{ type: 'text', text: 'at 10:00' }], structuredContent: { n: 1 } },
    },
    volatile: ['/content/0/text'],
  };

  it('passes an answer that differs only where the baseline saw it differ', () => {
    const after = {
      status: 'ok' as const,
      result: { content: [{ type: 'text', text: 'at 11:00' }], structuredContent: { n: 1 } },
    };
    expect(compareCall(call, after, 'ok', [])).toEqual({
      tool: 'now',
      arguments: { zone: 'UTC' },
      changes: [],
    });
    expect(comparisonFinding(compareCall(call, after, 'ok', []))).toBeUndefined();
  });

  it('reports a changed value as an error naming the tool, the path and both values', () => {
    const after = {
      status: 'ok' as const,
      result: { content: [{ type: 'text', text: 'x' }], structuredContent: { n: 2 } },
    };
    const finding = comparisonFinding(compareCall(call, after, 'ok', []));
    expect(finding).toEqual({
      level: 'error',
      rule: 'baseline',
      subject: 'tool now',
      message: 'answer changed at /structuredContent/n: 1 → 2 (arguments {"zone":"UTC"})',
    });
  });

  it('takes --ignore pointers and places that differ today as not compared or compared by shape', () => {
    const after = {
      status: 'ok' as const,
      result: { content: [{ type: 'text', text: 'x' }], structuredContent: { n: 2 } },
    };
    expect(compareCall(call, after, 'ok', ['/structuredContent']).changes).toEqual([]);
    expect(compareCall(call, after, 'ok', [], ['/structuredContent/n']).changes).toEqual([]);
  });

  it("never compares the protocol's envelope: resultType and _meta", () => {
    const after = {
      status: 'ok' as const,
      result: { ...(call.answer as { result: object }).result, resultType: 'complete', _meta: { v: 2 } },
    };
    expect(compareCall(call, after, 'ok', []).changes).toEqual([]);
  });

  it('reports a status that changed, or no answer at all', () => {
    const after = { status: 'tool-error' as const, result: { content: [], isError: true } };
    expect(comparisonFinding(compareCall(call, after, 'tool-error', []))?.message).toBe(
      'answered ok in the baseline, tool-error now (arguments {"zone":"UTC"})',
    );
    expect(compareCall(call, undefined, 'timed-out', []).status).toEqual({
      before: 'ok',
      after: 'timed-out',
    });
  });

  it('cuts long values and lists at most five changes in the message', () => {
    const long = 'y'.repeat(200);
    expect(describeChange({ path: '/a', kind: 'changed', before: 'x', after: long })).toMatch(
      /^\/a: "x" → "y{78}…$/,
    );
    expect(describeChange({ path: '', kind: 'shape', before: 'a', after: 1 })).toBe(
      '(the whole answer): was a string "a", now a number 1',
    );
    const many: BaselineCall = {
      tool: 't',
      arguments: {},
      answer: { status: 'ok', result: [1, 2, 3, 4, 5, 6, 7] },
    };
    const finding = comparisonFinding(
      compareCall(many, { status: 'ok', result: [0, 0, 0, 0, 0, 0, 0] }, 'ok', []),
    );
    expect(finding?.message).toMatch(/; and 2 more \(arguments \{\}\)$/);
  });
});
