import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { ToolHeaderRegistry } from './tool-header-registry.ts';

const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' };
const call = (name: string, args: unknown, meta: unknown = envelope): JSONRPCMessage =>
  ({
    jsonrpc: '2.0',
    id: 9,
    method: 'tools/call',
    params: { name, arguments: args, _meta: meta },
  }) as JSONRPCMessage;

function listed(...tools: unknown[]): ToolHeaderRegistry {
  const registry = new ToolHeaderRegistry();
  registry.noteSent({ jsonrpc: '2.0', id: 'l1', method: 'tools/list', params: {} });
  registry.noteReceived({ jsonrpc: '2.0', id: 'l1', result: { tools } } as JSONRPCMessage);
  return registry;
}

const regionTool = {
  name: 'where',
  inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } },
};

describe('ToolHeaderRegistry', () => {
  it('gives a modern tools/call the headers its listed tool declares', () => {
    expect(listed(regionTool).headersFor(call('where', { region: 'Zürich' }))).toEqual({
      'Mcp-Param-Region': '=?base64?WsO8cmljaA==?=',
    });
  });

  it('gives none to legacy calls, unknown or invalid tools, and calls without the value', () => {
    const bad = {
      name: 'bad',
      inputSchema: { type: 'object', properties: { q: { type: 'string', 'x-mcp-header': 'Bad Header' } } },
    };
    const registry = listed(regionTool, bad);
    expect(registry.headersFor(call('where', { region: 'eu' }, {}))).toBeUndefined();
    expect(registry.headersFor(call('nope', { region: 'eu' }))).toBeUndefined();
    expect(registry.headersFor(call('bad', { q: 'x' }))).toBeUndefined();
    expect(registry.headersFor(call('where', {}))).toBeUndefined();
  });

  it('only reads answers to the tools/list requests it saw', () => {
    const registry = new ToolHeaderRegistry();
    registry.noteReceived({ jsonrpc: '2.0', id: 'x', result: { tools: [regionTool] } } as JSONRPCMessage);
    expect(registry.headersFor(call('where', { region: 'eu' }))).toBeUndefined();
  });
});
