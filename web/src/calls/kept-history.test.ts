import { afterEach, describe, expect, it, vi } from 'vitest';
import type { McpSession } from '#client/session/mcp-session.ts';
import { Store } from '#client/lib/store.ts';
import { CallHistory, type NewCall } from './call-history.ts';
import { keepHistory, keptCalls, MAX_KEPT_CALLS, MAX_KEPT_RESULT, type KeptStorage } from './kept-history.ts';
import { Workspace } from './workspace.ts';

const stdio = { transport: 'stdio', command: 'node', args: ['demo.js'] } as const;

function memoryStorage(): KeptStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

/** A page's stores around a session that only has a state: what a reload builds anew. */
function page(storage: KeptStorage, bridge = 'token-1') {
  const session = { state: new Store<{ target: unknown }>({ target: undefined }) };
  const history = new CallHistory();
  const workspace = new Workspace();
  const stop = keepHistory(
    { session: session as unknown as McpSession, history, workspace },
    bridge,
    storage,
  );
  return { session, history, workspace, stop };
}

const call = (tool: string, extra: Partial<NewCall> = {}): NewCall => ({
  tool,
  toolKey: tool,
  server: 'node demo.js',
  args: { message: 'hi' },
  ...extra,
});

afterEach(() => vi.useRealTimers());

describe('the history kept across a reload', () => {
  it('comes back with its selection and the selected tool, marked as restored, for the same bridge and server', () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const before = page(storage);
    before.session.state.update({ target: stdio });
    const echo = before.history.start(call('echo'));
    before.history.finish(echo, {
      status: 'ok',
      result: { content: [{ type: 'text', text: 'hi' }] },
      durationMs: 3,
    });
    const weather = before.history.start(call('get_weather'));
    before.history.finish(weather, {
      status: 'tool-error',
      result: { content: [], isError: true },
      durationMs: 1,
    });
    before.history.start(call('slow')); // Still running at the reload: not kept.
    before.workspace.selectTool('echo');
    before.history.select(echo);
    vi.runAllTimers();
    before.stop();
    expect(storage.items.get('toolscope.history')).not.toContain('token-1');

    const after = page(storage);
    expect(after.history.get().calls).toHaveLength(0); // Nothing until the session names its server.
    after.session.state.update({ target: stdio });
    const calls = after.history.get().calls;
    expect(calls.map((c) => [c.tool, c.restored, c.outcome?.status])).toEqual([
      ['echo', true, 'ok'],
      ['get_weather', true, 'tool-error'],
    ]);
    expect(after.history.get().selectedId).toBe(echo);
    expect(after.workspace.get().selectedTool).toBe('echo');
    // New calls take ids after the restored ones.
    expect(after.history.start(call('echo'))).toBeGreaterThan(weather);
  });

  it('is not restored for another bridge or another server, nor over calls made already', () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const before = page(storage);
    before.session.state.update({ target: stdio });
    before.history.finish(before.history.start(call('echo')), { status: 'ok', durationMs: 1 });
    vi.runAllTimers();

    const otherBridge = page(storage, 'token-2');
    otherBridge.session.state.update({ target: stdio });
    expect(otherBridge.history.get().calls).toHaveLength(0);

    const otherServer = page(storage);
    otherServer.session.state.update({ target: { ...stdio, args: ['other.js'] } });
    expect(otherServer.history.get().calls).toHaveLength(0);
  });

  it('replaces a big result by a note, keeps at most the newest calls, and never throws on bad storage', () => {
    const big = 'x'.repeat(MAX_KEPT_RESULT + 1);
    const history = new CallHistory();
    for (let i = 0; i < MAX_KEPT_CALLS + 5; i++) {
      const id = history.start(call(`tool${i}`, { outputSchema: { type: 'object' } }));
      history.finish(id, {
        status: 'ok',
        result: { content: [{ type: 'text', text: i === 0 ? big : 'ok' }] },
        durationMs: 1,
      });
    }
    const kept = keptCalls(history.get().calls);
    expect(kept).toHaveLength(MAX_KEPT_CALLS);
    expect(kept.at(-1)?.tool).toBe(`tool${MAX_KEPT_CALLS + 4}`);
    const slim = keptCalls(history.get().calls.slice(0, 1))[0]!;
    expect(JSON.stringify(slim)).not.toContain(big);
    expect(JSON.stringify(slim.outcome?.result)).toContain('did not keep this result across the reload');
    expect(slim.outputSchema).toBeNull();

    const broken: KeptStorage = {
      getItem: () => '{not json',
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const { session, history: fresh } = page(broken);
    session.state.update({ target: stdio });
    expect(fresh.get().calls).toHaveLength(0);
  });
});
