import { describe, expect, it } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import { describeFrame, linePreview } from './describe-frame.ts';

const frame = (fields: Partial<Frame>): Frame => ({ seq: 0, direction: 'in', time: 0, bytes: 1, ...fields });

describe('describeFrame', () => {
  it('names a line that is not JSON by the reason’s name and shows the start of the line', () => {
    const described = describeFrame(
      frame({
        raw: 'Debugger listening on ws://127.0.0.1:9229',
        error: 'Not JSON: the server wrote a line to stdout that is not a JSON-RPC message',
      }),
    );
    expect(described).toEqual({
      label: 'Not JSON',
      kind: 'bad',
      preview: 'Debugger listening on ws://127.0.0.1:9229',
    });
  });

  it('keeps a reason without a name whole, and copes with no raw text', () => {
    expect(describeFrame(frame({ raw: '{"x":1}', error: 'Not a valid JSON-RPC 2.0 message' }))).toMatchObject(
      {
        label: 'Not a valid JSON-RPC 2.0 message',
        preview: '{"x":1}',
      },
    );
    expect(describeFrame(frame({}))).toEqual({ label: 'Unreadable frame', kind: 'bad', preview: undefined });
  });

  it("names Auto's liveness requests and their answers by what they are for, not by their id", () => {
    const ping = { jsonrpc: '2.0' as const, id: 'toolscope-liveness', method: 'ping' };
    expect(describeFrame(frame({ direction: 'out', message: ping })).label).toBe(
      "ping (Auto's liveness check)",
    );
    const refused = {
      jsonrpc: '2.0' as const,
      id: 'toolscope-liveness',
      error: { code: -32601, message: 'no' },
    };
    // The expected "Method not found" of a quiet server reads as what it means, not as an error.
    expect(describeFrame(frame({ message: refused }))).toEqual({
      label: 'ping: not supported (expected in 2026-07-28)',
      kind: 'error',
      setup: true,
    });
    const refusedOtherwise = { ...refused, error: { code: -32603, message: 'boom' } };
    expect(describeFrame(frame({ message: refusedOtherwise })).label).toBe(
      "ping → error (Auto's liveness check)",
    );
    const noDiscover = {
      jsonrpc: '2.0' as const,
      id: 'server-discover-probe-2',
      error: { code: -32601, message: 'x' },
    };
    expect(describeFrame(frame({ message: noDiscover })).label).toBe(
      'server/discover: not supported (a legacy server)',
    );
    // Someone else's -32601 is still an error.
    const other = { jsonrpc: '2.0' as const, id: 3, error: { code: -32601, message: 'x' } };
    expect(describeFrame(frame({ message: other })).label).toBe('error #3');
    const listed = { jsonrpc: '2.0' as const, id: 'toolscope-liveness-list', result: { tools: [] } };
    expect(describeFrame(frame({ message: listed })).label).toBe(
      "tools/list → result (Auto's liveness check)",
    );
    const probed = { jsonrpc: '2.0' as const, id: 'server-discover-probe-1', result: {} };
    expect(describeFrame(frame({ message: probed })).label).toBe('server/discover → result (probe)');
    // A connect that knew its era (the built-in demo, a remembered or a chosen one) sent no probe: its discover
    // is the connection's own, grey as setup, and named like any answer, without the SDK's made-up id.
    const known = describeFrame(frame({ message: probed }), 'server/discover', false);
    expect(known).toMatchObject({ label: 'server/discover → result', setup: true });
    const knownError = {
      jsonrpc: '2.0' as const,
      id: 'server-discover-probe-1',
      error: { code: -32602, message: 'x' },
    };
    expect(describeFrame(frame({ message: knownError }), undefined, false).label).toBe(
      'server/discover → error',
    );
    // Another string id keeps its JSON, so "8" and 8 stay apart.
    expect(describeFrame(frame({ message: { jsonrpc: '2.0', id: '8', result: {} } })).label).toBe(
      'result #"8"',
    );
  });

  it('labels messages by method or by what they answer', () => {
    expect(describeFrame(frame({ message: { jsonrpc: '2.0', id: 1, method: 'tools/list' } }))).toEqual({
      label: 'tools/list',
      kind: 'request',
    });
    expect(
      describeFrame(frame({ message: { jsonrpc: '2.0', id: 1, error: { code: -1, message: 'x' } } })).label,
    ).toBe('error #1');
  });

  it('names an answer by the method it answers, for results and errors alike', () => {
    const result = frame({ message: { jsonrpc: '2.0', id: 1, result: {} } });
    expect(describeFrame(result, 'tools/call')).toEqual({ label: 'tools/call → result #1', kind: 'result' });
    const error = frame({ message: { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'x' } } });
    expect(describeFrame(error, 'tools/call').label).toBe('tools/call → error #2');
    // A request or notification keeps its own method, whatever it is said to answer.
    expect(describeFrame(frame({ message: { jsonrpc: '2.0', method: 'ping', id: 3 } }), 'x').label).toBe(
      'ping',
    );
  });
});

describe('linePreview', () => {
  it('puts the line on one row: white space collapsed, control characters shown', () => {
    expect(linePreview('  a\tb\r\n c ')).toBe('a b c');
    expect(linePreview('bell\u0007 and nul\u0000')).toBe('bell\uFFFD and nul\uFFFD');
  });

  it('cuts a long line, and only reads its start', () => {
    const long = 'x'.repeat(5_000_000);
    expect(linePreview(long, 10)).toBe(`${'x'.repeat(10)}…`);
    expect(linePreview(`${' '.repeat(50)}${'y'.repeat(100)}`, 10)).toBe(`${'y'.repeat(10)}…`);
    expect(linePreview('short', 10)).toBe('short');
  });

  it('does not split a character made of two code units', () => {
    expect(linePreview('😀😀😀', 2)).toBe('😀😀…');
  });

  it('says when the line is empty or blank', () => {
    expect(linePreview('')).toBe('(empty line)');
    expect(linePreview('   \t')).toBe('(blank line)');
  });
});
