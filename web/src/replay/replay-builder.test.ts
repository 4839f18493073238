import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { Frame, FrameDirection } from '#shared/bridge-protocol.ts';
import { buildReplay, ReplayBuilder } from './replay-builder.ts';

let seq = 0;
function frame(direction: FrameDirection, message: Record<string, unknown>, time = 1000 + seq * 10): Frame {
  return { seq: seq++, direction, time, bytes: 1, message: { jsonrpc: '2.0', ...message } as JSONRPCMessage };
}
const out = (message: Record<string, unknown>, time?: number) => frame('out', message, time);
const into = (message: Record<string, unknown>, time?: number) => frame('in', message, time);

const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  inputSchema: { type: 'object' },
  ...extra,
});

describe('ReplayBuilder', () => {
  it('rebuilds resource reads and prompt gets as calls of their own kind, as the live page keeps them', () => {
    const frames = [
      out({ id: 1, method: 'resources/read', params: { uri: 'demo://docs/readme', _meta: { x: 1 } } }, 2000),
      into({ id: 1, result: { contents: [{ uri: 'demo://docs/readme', text: '# Hi' }] } }, 2012),
      // An MCP App's View resource, read by the page to show it: no call, as live.
      out({ id: 9, method: 'resources/read', params: { uri: 'ui://demo/card.html' } }, 2500),
      into({ id: 9, result: { contents: [] } }, 2501),
      out({ id: 2, method: 'prompts/get', params: { name: 'greet', arguments: { who: 'Ana' } } }, 3000),
      into({ id: 2, error: { code: -32602, message: 'Missing argument' } }, 3004),
    ];
    const { calls } = buildReplay(frames, 'node demo.js');
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'resources/read',
        tool: 'demo://docs/readme',
        args: { uri: 'demo://docs/readme' },
        startedAt: 2000,
        outcome: expect.objectContaining({ status: 'ok', durationMs: 12 }),
      }),
      expect.objectContaining({
        method: 'prompts/get',
        tool: 'greet',
        args: { who: 'Ana' },
        outcome: expect.objectContaining({
          status: 'protocol-error',
          error: expect.objectContaining({ code: -32602 }),
        }),
      }),
    ]);
  });

  it('rebuilds server details, all pages of the latest tool listing, and calls with their outcomes', () => {
    const frames = [
      out({ id: 0, method: 'initialize', params: {} }),
      into({
        id: 0,
        result: {
          protocolVersion: '2025-06-18',
          serverInfo: { name: 'demo', version: '1' },
          capabilities: { tools: {} },
          instructions: 'Be nice',
        },
      }),
      out({ method: 'notifications/initialized' }),
      out({ id: 1, method: 'tools/list', params: {} }),
      into({ id: 1, result: { tools: [tool('a')], nextCursor: 'p2' } }),
      out({ id: 2, method: 'tools/list', params: { cursor: 'p2' } }),
      into({ id: 2, result: { tools: [tool('b', { outputSchema: { type: 'object' } })] } }),
      out({ id: 3, method: 'tools/call', params: { name: 'a', arguments: { x: 1 } } }, 2000),
      out({ id: 4, method: 'tools/call', params: { name: 'b', arguments: {} } }, 2001),
      into({ id: 4, result: { content: [], structuredContent: {}, isError: true } }, 2051),
      into({ id: 3, result: { content: [{ type: 'text', text: 'ok' }] } }, 2100),
      out({ id: 5, method: 'tools/call', params: { name: 'nope' } }, 3000),
      into({ id: 5, error: { code: -32602, message: 'Unknown tool' } }, 3005),
      // A server request and the page's answer are not calls.
      into({ id: 0, method: 'sampling/createMessage', params: {} }),
      out({ id: 0, result: {} }),
    ];
    const { server, tools, calls } = buildReplay(frames, 'node demo.js');
    expect(server).toEqual({
      info: { name: 'demo', version: '1' },
      protocolVersion: '2025-06-18',
      era: 'legacy',
      capabilities: { tools: {} },
      instructions: 'Be nice',
    });
    expect(tools.map((t) => t.name)).toEqual(['a', 'b']);
    expect(calls).toEqual([
      {
        id: 1,
        tool: 'a',
        toolKey: 'a',
        displayName: 'a',
        revision: '2025-06-18',
        server: 'node demo.js',
        args: { x: 1 },
        startedAt: 2000,
        outcome: { status: 'ok', result: { content: [{ type: 'text', text: 'ok' }] }, durationMs: 100 },
      },
      {
        id: 2,
        tool: 'b',
        toolKey: 'b',
        displayName: 'b',
        revision: '2025-06-18',
        server: 'node demo.js',
        args: {},
        startedAt: 2001,
        outcome: {
          status: 'tool-error',
          result: { content: [], structuredContent: {}, isError: true },
          durationMs: 50,
        },
        outputSchema: { type: 'object' },
      },
      {
        id: 3,
        tool: 'nope',
        toolKey: 'nope',
        displayName: 'nope',
        revision: '2025-06-18',
        server: 'node demo.js',
        args: {},
        startedAt: 3000,
        outcome: {
          status: 'protocol-error',
          error: { code: -32602, message: 'Unknown tool' },
          durationMs: 5,
        },
      },
    ]);
  });

  it('a listing without a cursor replaces the tools', () => {
    const { tools } = buildReplay(
      [
        out({ id: 1, method: 'tools/list' }),
        into({ id: 1, result: { tools: [tool('a'), tool('b')] } }),
        out({ id: 2, method: 'tools/list' }),
        into({ id: 2, result: { tools: [tool('c')] } }),
      ],
      's',
    );
    expect(tools.map((t) => t.name)).toEqual(['c']);
  });

  it('drops the late pages of a listing that a newer one replaced', () => {
    const { tools } = buildReplay(
      [
        out({ id: 1, method: 'tools/list' }),
        into({ id: 1, result: { tools: [tool('old-1')], nextCursor: 'p2' } }),
        out({ id: 2, method: 'tools/list', params: { cursor: 'p2' } }),
        out({ id: 3, method: 'tools/list' }),
        into({ id: 3, result: { tools: [tool('new-1')] } }),
        into({ id: 2, result: { tools: [tool('old-2')] } }),
      ],
      's',
    );
    expect(tools.map((t) => t.name)).toEqual(['new-1']);
  });

  it('tells cancelled from timed out, and ignores an answer after the page gave up', () => {
    const { calls } = buildReplay(
      [
        out({ id: 1, method: 'tools/call', params: { name: 'slow' } }, 0),
        out(
          { method: 'notifications/cancelled', params: { requestId: 1, reason: 'User pressed Cancel' } },
          40,
        ),
        into({ id: 1, result: { content: [] } }, 50),
        out({ id: 2, method: 'tools/call', params: { name: 'slow' } }, 100),
        out(
          {
            method: 'notifications/cancelled',
            params: { requestId: 2, reason: 'McpError: MCP error -32001: Request timed out' },
          },
          200,
        ),
        out({ id: 3, method: 'tools/call', params: { name: 'running' } }, 300),
      ],
      's',
    );
    expect(calls.map((call) => [call.outcome?.status, call.outcome?.durationMs])).toEqual([
      ['cancelled', 40],
      ['timed-out', 100],
      [undefined, undefined],
    ]);
  });

  it('takes a task-augmented call’s result from tasks/result', () => {
    const { calls } = buildReplay(
      [
        out({ id: 1, method: 'tools/call', params: { name: 'long', task: { ttl: 1000 } } }, 0),
        into({ id: 1, result: { task: { taskId: 't1', status: 'working' } } }, 10),
        out({ id: 2, method: 'tasks/get', params: { taskId: 't1' } }, 20),
        into({ id: 2, result: { taskId: 't1', status: 'completed' } }, 30),
        out({ id: 3, method: 'tasks/result', params: { taskId: 't1' } }, 40),
        into({ id: 3, result: { content: [{ type: 'text', text: 'done' }] } }, 90),
      ],
      's',
    );
    expect(calls[0]?.outcome).toEqual({
      status: 'ok',
      result: { content: [{ type: 'text', text: 'done' }] },
      durationMs: 90,
    });
    // A replay says the call was a task, and which task, like the live history does.
    expect(calls[0]).toMatchObject({ task: { ttl: 1000 }, createdTask: { taskId: 't1' } });
  });

  it('makes the rounds of a multi round-trip call one call, with its round count', () => {
    const frames = [
      out({ id: 1, method: 'tools/call', params: { name: 'deploy', arguments: { v: 1 } } }, 3000),
      into({ id: 1, result: { resultType: 'input_required', inputRequests: {}, requestState: 's' } }),
      out({
        id: 2,
        method: 'tools/call',
        params: { name: 'deploy', arguments: { v: 1 }, inputResponses: {}, requestState: 's' },
      }),
      into({ id: 2, result: { resultType: 'complete', content: [{ type: 'text', text: 'done' }] } }),
    ];
    const { calls } = buildReplay(frames, 'server');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ tool: 'deploy', args: { v: 1 }, outcome: { status: 'ok', rounds: 2 } });
  });

  it('follows a task of the 2026-07-28 tasks extension to the result tasks/get carries', () => {
    const frames = [
      out({ id: 1, method: 'tools/call', params: { name: 'long_job', arguments: {} } }, 4000),
      into({ id: 1, result: { resultType: 'task', taskId: 't9', status: 'working', pollIntervalMs: 200 } }),
      out({ id: 2, method: 'tasks/get', params: { taskId: 't9' } }),
      into({ id: 2, result: { taskId: 't9', status: 'working' } }),
      out({ id: 3, method: 'tasks/get', params: { taskId: 't9' } }),
      into({
        id: 3,
        result: { taskId: 't9', status: 'completed', result: { content: [{ type: 'text', text: 'hi' }] } },
      }),
    ];
    const { calls } = buildReplay(frames, 'server');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      createdTask: { taskId: 't9' },
      outcome: { status: 'ok', result: { content: [{ type: 'text', text: 'hi' }] } },
    });
  });

  it('survives frames that are not JSON-RPC or are malformed', () => {
    const builder = new ReplayBuilder('s');
    builder.add({ seq: 0, direction: 'in', time: 0, bytes: 3, raw: 'oops', error: 'Not JSON' });
    builder.add(into({ id: 9, result: { tools: 'not a list' } }));
    builder.add(out({ id: 1, method: 'tools/list' }));
    builder.add(into({ id: 1, result: { tools: 'not a list' } }));
    builder.add(out({ id: 2, method: 'tools/call', params: { name: 7 } }));
    builder.add(into({ id: 2, result: null }));
    expect(builder.tools).toEqual([]);
    builder.add(out({ id: 3, method: 'tools/list' }));
    builder.add(into({ id: 3, result: { tools: [null, 5, 'x', { name: 'ok' }] } }));
    expect(builder.tools).toEqual([{ name: 'ok' }]);
    builder.add(out({ id: 4, method: 'initialize' }));
    builder.add(into({ id: 4, result: { serverInfo: 'nope', capabilities: [1] } }));
    expect(builder.server).toEqual({
      info: { name: 'unknown', version: '' },
      protocolVersion: 'unknown',
      era: 'legacy',
      capabilities: {},
    });
    expect(builder.calls.map((call) => [call.tool, call.outcome?.status])).toEqual([['7', 'ok']]);
  });

  it('gives a new calls array only after a change', () => {
    const builder = new ReplayBuilder('s');
    builder.add(out({ id: 1, method: 'tools/call', params: { name: 'a' } }));
    const first = builder.calls;
    expect(builder.calls).toBe(first);
    builder.add(into({ id: 1, result: { content: [] } }));
    expect(builder.calls).not.toBe(first);
  });
});

describe('ReplayBuilder, one call model', () => {
  it('marks a call a View asked for (a session file holds the page’s View frames) as the View’s', () => {
    const view = (message: Record<string, unknown>) => frame('from-view', message);
    const { calls } = buildReplay(
      [
        out({ id: 1, method: 'tools/list', params: {} }),
        into({ id: 1, result: { tools: [tool('tick', { title: 'Tick once' })] } }),
        // The user's own call, then a View's (its request to the page, then the page's to the server).
        out({ id: 2, method: 'tools/call', params: { name: 'tick', arguments: { n: 1 } } }),
        into({ id: 2, result: { content: [] } }),
        view({ id: 'v1', method: 'tools/call', params: { name: 'tick', arguments: { n: 2 } } }),
        out({ id: 3, method: 'tools/call', params: { name: 'tick', arguments: { n: 2 } } }),
        into({ id: 3, result: { content: [] } }),
        // A View's call the user denied never reached the server; the next same call is the user's.
        view({ id: 'v2', method: 'tools/call', params: { name: 'tick', arguments: { n: 3 } } }),
      ],
      's',
    );
    expect(calls.map((call) => [call.args, call.origin, call.displayName, call.toolKey])).toEqual([
      [{ n: 1 }, undefined, 'Tick once', 'tick'],
      [{ n: 2 }, 'view', 'Tick once', 'tick'],
    ]);
    // The View on screen was the last call's that no View made: its tool names the View in History.
    expect(calls.map((call) => call.viewOf)).toEqual([undefined, 'tick']);
  });
});

describe('ReplayBuilder, 2026-07-28', () => {
  it('reads the era and revision from server/discover, and keeps each result as sent (resultType too)', () => {
    const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' };
    const discover = {
      resultType: 'complete',
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: {} },
      instructions: 'Modern',
      ttlMs: 300_000,
      cacheScope: 'public',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'v2', version: '2.0.0' } },
    };
    const frames = [
      out({ id: 'server-discover-probe-1', method: 'server/discover', params: { _meta: envelope } }),
      into({ id: 'server-discover-probe-1', result: discover }),
      out({ id: 0, method: 'tools/list', params: { _meta: envelope } }),
      into({
        id: 0,
        result: { resultType: 'complete', tools: [tool('echo')], ttlMs: 60_000, cacheScope: 'public' },
      }),
      out({
        id: 1,
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'hi' }, _meta: envelope },
      }),
      into({ id: 1, result: { resultType: 'complete', content: [{ type: 'text', text: 'hi' }] } }),
    ];
    const { server, tools, calls } = buildReplay(frames, 'v2');
    expect(server).toMatchObject({
      info: { name: 'v2', version: '2.0.0' },
      protocolVersion: '2026-07-28',
      era: 'modern',
      capabilities: { tools: {} },
      instructions: 'Modern',
      discover: { supportedVersions: ['2026-07-28'], ttlMs: 300_000 },
    });
    expect(tools.map((entry) => entry.name)).toEqual(['echo']);
    expect(calls[0]?.outcome).toMatchObject({
      status: 'ok',
      result: { resultType: 'complete', content: [{ type: 'text', text: 'hi' }] },
    });
  });

  it('a refused probe then initialize is a legacy connection', () => {
    const frames = [
      out({ id: 'server-discover-probe-1', method: 'server/discover', params: {} }),
      into({ id: 'server-discover-probe-1', error: { code: -32601, message: 'Method not found' } }),
      out({ id: 0, method: 'initialize', params: {} }),
      into({
        id: 0,
        result: {
          protocolVersion: '2025-11-25',
          serverInfo: { name: 'old', version: '1' },
          capabilities: {},
        },
      }),
    ];
    expect(buildReplay(frames, 'old').server).toMatchObject({ protocolVersion: '2025-11-25', era: 'legacy' });
  });
});
