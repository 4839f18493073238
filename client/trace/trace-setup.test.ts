import { describe, expect, it } from 'vitest';
import { Server } from '@modelcontextprotocol/server';
import type { Frame } from '#shared/bridge-protocol.ts';
import {
  connectedInMemory,
  IN_MEMORY_TARGET,
  inMemorySession,
} from '../../test/support/in-memory-session.ts';
import { TraceSetups, setupNote } from './trace-setup.ts';

const frame = (seq: number, direction: Frame['direction'] = 'out', time = seq * 10): Frame => ({
  seq,
  direction,
  time,
  bytes: 1,
});

describe('TraceSetups', () => {
  it("folds the frames between a connect's start and end, and the late answers to them", () => {
    const setups = new TraceSetups();
    const id = setups.begin();
    setups.add(frame(0), undefined);
    setups.add(frame(1, 'in'), 0);
    setups.add(frame(2), undefined);
    // Open: nothing folds yet, so a connect in progress shows its frames as they come.
    expect(setups.of(0)).toBeUndefined();
    setups.end(id, 'Auto chose 2026-07-28');
    setups.add(frame(3), undefined); // the user's first call
    setups.add(frame(4, 'in'), 2); // the late answer to setup frame 2
    setups.add(frame(5, 'in'), 3); // the answer to the user's call
    const span = setups.of(0)!;
    // The late answer folds in, but the figure ends where the connect was ready (a replay then says the same).
    expect(span).toMatchObject({
      seqs: [0, 1, 2, 4],
      note: 'Auto chose 2026-07-28',
      firstTime: 0,
      lastTime: 20,
    });
    expect(setups.of(4)).toBe(span);
    expect(setups.of(3)).toBeUndefined();
    expect(setups.of(5)).toBeUndefined();
    // No open under Auto: its discover is no probe. A frame of no setup has no say.
    expect(span.probed).toBe(false);
    expect(setups.probedAt(4)).toBe(false);
    expect(setups.probedAt(3)).toBeUndefined();
  });

  it('knows whether a connect probed, while it is open and once it is ready', () => {
    const setups = new TraceSetups();
    const id = setups.begin();
    setups.noteProbe(id);
    setups.add(frame(0), undefined);
    expect(setups.probedAt(0)).toBe(true);
    setups.end(id, 'Auto chose 2026-07-28');
    expect(setups.of(0)?.probed).toBe(true);
  });

  it('folds nothing of a failed or replaced connect, nor a View message', () => {
    const setups = new TraceSetups();
    const failed = setups.begin();
    setups.add(frame(0), undefined);
    setups.drop(failed);
    const replaced = setups.begin();
    setups.add(frame(1), undefined);
    const last = setups.begin(); // a new connect before the last one was ready
    setups.add(frame(2, 'to-view'), undefined);
    setups.add(frame(3), undefined);
    setups.end(replaced, 'x');
    setups.end(last, 'y');
    expect([0, 1, 2].map((seq) => setups.of(seq))).toEqual([undefined, undefined, undefined]);
    expect(setups.of(3)?.seqs).toEqual([3]);
    setups.clear();
    expect(setups.of(3)).toBeUndefined();
  });

  it('says how the protocol was chosen', () => {
    const server = { protocolVersion: '2026-07-28', era: 'modern' } as never;
    const target = { transport: 'stdio' as const, command: 'x', args: [] };
    expect(setupNote({ target, server, eraProbe: { outcome: '', source: 'probed' } })).toBe(
      'Auto chose 2026-07-28',
    );
    expect(setupNote({ target, server, eraProbe: { outcome: '', source: 'remembered' } })).toBe(
      '2026-07-28 (remembered)',
    );
    // The built-in demo's era is known to the bridge: nothing was probed, so the row does not say "chose".
    expect(setupNote({ target, server, eraProbe: { outcome: '', source: 'known' } })).toBe(
      '2026-07-28 (known)',
    );
    expect(setupNote({ target: { ...target, era: 'modern' }, server, eraProbe: undefined })).toBe(
      'modern era, 2026-07-28',
    );
  });
});

describe('McpSession connect setup', () => {
  it("marks what the connect exchanged before it was ready, and not the user's call after it", async () => {
    const server = new Server({ name: 'setup', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler('tools/list', () => ({
      tools: [{ name: 'echo', inputSchema: { type: 'object' } }],
    }));
    server.setRequestHandler('tools/call', () => ({ content: [{ type: 'text', text: 'ok' }] }));
    const session = await connectedInMemory(server);
    const setupFrames = session.trace.get().frames.length;
    const span = session.trace.setups.of(0)!;
    // initialize, its result, initialized, tools/list and its result: whatever the connect sent, all of it.
    expect(span.seqs).toEqual([...Array(setupFrames).keys()]);
    expect(setupFrames).toBeGreaterThanOrEqual(5);
    expect(span.note).toMatch(/^legacy era, /);
    // A chosen era sends no probe.
    expect(span.probed).toBe(false);

    await session.callTool('echo', {});
    const frames = session.trace.get().frames;
    expect(frames.length).toBeGreaterThan(setupFrames);
    expect(frames.slice(setupFrames).map((f) => session.trace.setups.of(f.seq))).toEqual(
      frames.slice(setupFrames).map(() => undefined),
    );
    await session.disconnect();
  });

  it("marks a connect under Auto as probed, so the trace names its discover's answer Auto's probe", async () => {
    const server = new Server({ name: 'era', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler('tools/list', () => ({ tools: [] }));
    const session = inMemorySession(server);
    await session.connect(IN_MEMORY_TARGET);
    const answer = session.trace
      .get()
      .frames.find((f) => f.direction === 'in' && /server-discover-probe/.test(JSON.stringify(f.message)))!;
    expect(session.trace.setups.probedAt(answer.seq)).toBe(true);
    expect(session.trace.setups.of(0)?.note).toMatch(/^Auto chose /);
    await session.disconnect();
  });
});
