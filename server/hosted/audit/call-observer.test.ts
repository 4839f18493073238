import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { RELAY_ERROR_CODE } from '#shared/bridge-protocol.ts';
import { FrameStamper } from '../../relay/frame-stamper.ts';
import { observeToolCalls, type ObservedCall } from './call-observer.ts';

const out = (stamper: FrameStamper, message: JSONRPCMessage) =>
  stamper.stampMessage('out', message, JSON.stringify(message));
const into = (stamper: FrameStamper, message: JSONRPCMessage, synthetic = false) =>
  stamper.stampMessage('in', message, JSON.stringify(message), synthetic);
const call = (id: number, name: string): JSONRPCMessage => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: { secret: 'x' } },
});

describe('observeToolCalls', () => {
  it('reports each tool call once it is answered, with its outcome, and never its arguments', () => {
    const stamper = new FrameStamper();
    const calls: ObservedCall[] = [];
    const stop = observeToolCalls(stamper, (observed) => calls.push(observed));
    out(stamper, call(1, 'ok-tool'));
    out(stamper, call(2, 'failing'));
    out(stamper, call(3, 'broken'));
    out(stamper, call(4, 'limited'));
    out(stamper, call(5, 'pending'));
    out(stamper, { jsonrpc: '2.0', id: 6, method: 'tools/list' });
    into(stamper, { jsonrpc: '2.0', id: 6, result: { tools: [] } });
    into(stamper, { jsonrpc: '2.0', id: 1, result: { content: [] } });
    into(stamper, { jsonrpc: '2.0', id: 2, result: { content: [], isError: true } });
    into(stamper, { jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'bad' } });
    into(
      stamper,
      {
        jsonrpc: '2.0',
        id: 4,
        error: { code: RELAY_ERROR_CODE, message: 'Bridge: Limit', data: { limit: 'toolCallsPerMinute' } },
      },
      true,
    );
    stop();
    expect(calls.map((c) => [c.tool, c.outcome])).toEqual([
      ['ok-tool', 'ok'],
      ['failing', 'tool-error'],
      ['broken', 'protocol-error'],
      ['limited', 'refused'],
      ['pending', 'no-answer'],
    ]);
    expect(JSON.stringify(calls)).not.toContain('secret');
  });
});
