import { describe, expect, it } from 'vitest';
import { Store } from '#client/lib/store.ts';
import { describeTarget, type ServerTarget } from '#shared/targets.ts';
import { CallHistory } from './call-history.ts';
import { resultFollowsTarget, sameServer } from './result-follows-target.ts';

const demo: ServerTarget = { transport: 'stdio', command: 'node', args: ['demo.js'] };
const everything: ServerTarget = { transport: 'stdio', command: 'node', args: ['everything.js'] };

function setup() {
  const state = new Store<{ status: string; target: ServerTarget | undefined }>({
    status: 'connected',
    target: demo,
  });
  const history = new CallHistory();
  resultFollowsTarget(state, history);
  const id = history.start({ tool: 'echo', toolKey: 'echo', server: describeTarget(demo), args: {} });
  const connect = (target: ServerTarget, end = 'connected') => {
    state.update({ status: 'disconnected' });
    state.update({ status: 'connecting', target });
    state.update({ status: end });
  };
  return { history, id, connect };
}

describe('resultFollowsTarget', () => {
  it('clears the Result when connecting to another server, and keeps the call in History', () => {
    const { history, id, connect } = setup();
    connect(everything);
    expect(history.get().selectedId).toBeUndefined();
    expect(history.find(id)).toBeDefined();
    // Picked again in History, it shows (as from the previous connection).
    history.select(id);
    expect(history.get().selectedId).toBe(id);
  });

  it('clears it on a failed connect to another server too', () => {
    const { history, connect } = setup();
    connect({ transport: 'http', url: 'http://127.0.0.1:59999/mcp' }, 'disconnected');
    expect(history.get().selectedId).toBeUndefined();
  });

  it('keeps it on a reconnect to the same server, in another era', () => {
    const { history, id, connect } = setup();
    connect({ ...demo, era: 'legacy' });
    expect(history.get().selectedId).toBe(id);
  });
});

describe('sameServer', () => {
  it('compares command and arguments, or the URL whatever the transport', () => {
    const http: ServerTarget = { transport: 'http', url: 'http://h/mcp' };
    expect(sameServer(describeTarget(http), { transport: 'sse', url: 'http://h/mcp' })).toBe(true);
    expect(sameServer(describeTarget(http), { transport: 'http', url: 'http://h/other' })).toBe(false);
    expect(sameServer(describeTarget(demo), everything)).toBe(false);
  });
});
