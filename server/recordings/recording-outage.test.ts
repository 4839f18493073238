import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import type { LiveMessage } from '#shared/recordings.ts';
import { bytesInWords, type RecordingNotice } from './recording-hold.ts';
import type { RecordingStore } from './recording-store.ts';
import { RecordingWriter } from './recording-writer.ts';
import { SqliteRecordingStore } from './sqlite-recording-store.ts';
import { StoreHealth } from './store-health.ts';

/** A SQLite store that can be made to not answer at all, as a PostgreSQL server that stopped. */
function switchableStore(): {
  store: RecordingStore;
  real: SqliteRecordingStore;
  setDown(down: boolean): void;
} {
  const real = SqliteRecordingStore.open(':memory:');
  let down = false;
  const store = new Proxy(real, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function' || property === 'watch' || property === 'close') return value;
      return (...args: unknown[]) =>
        down
          ? Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'))
          : (value as (...a: unknown[]) => unknown).apply(target, args);
    },
  });
  return { store, real, setDown: (value) => void (down = value) };
}

function frame(seq: number, bytes = 100): Frame {
  return {
    seq,
    time: 1000 + seq,
    direction: 'out',
    bytes,
    message: { jsonrpc: '2.0', method: 'ping', id: seq },
  };
}

const cleanup: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function setUp(holdBytes: number, recordingId = 'r1') {
  const { store, real, setDown } = switchableStore();
  const logs: { line: string; level?: string }[] = [];
  const log = (line: string, level?: 'info' | 'warn') => void logs.push({ line, level });
  const health = new StoreHealth(store, log, 20);
  const notices: RecordingNotice[] = [];
  const seen: LiveMessage[] = [];
  const writes: number[] = [];
  const writer = new RecordingWriter('r1', store, {
    onFinish: () => {},
    log,
    outage: { health, holdBytes },
    notify: (notice) => notices.push(notice),
    observeWrite: (seconds) => writes.push(seconds),
  });
  writer.subscribe((message) => seen.push(message));
  cleanup.push(
    () => health.close(),
    () => real.close(),
  );
  writer.commit(() => store.create({ id: recordingId, name: 'r', target: null, startedAt: 0 }));
  return { writer, real, setDown, health, logs, notices, seen, writes };
}

/** Resolves when `condition` holds, looking every 10 ms for at most 10 s (bounded, not timed). */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

describe('a recording while its store does not answer', () => {
  it('holds what arrives, tells the page and viewers, and writes all of it when the store is back', async () => {
    const { writer, real, setDown, health, logs, notices, seen, writes } = setUp(1_000_000);
    await writer.flush();
    writer.addFrame(frame(0));
    await writer.flush();
    setDown(true);
    writer.addFrame(frame(1));
    writer.addEvent({ time: 1001, event: { kind: 'stderr', line: 'during', time: 1001 } });
    await until(() => notices.length === 1);
    expect(notices[0]).toMatchObject({ kind: 'recording', state: 'paused' });
    expect(notices[0]!.message).toMatch(/^Recording paused: the recordings store does not answer/);
    expect(seen).toContainEqual({ type: 'paused', reason: expect.stringContaining('does not answer') });
    expect(health.problem).toMatch(/ECONNREFUSED/);
    expect(logs.filter((entry) => entry.level === 'warn').map((entry) => entry.line)).toEqual([
      expect.stringMatching(/^Lost the recordings store :memory: does not answer/),
    ]);
    // Readers answer at once instead of waiting for a store that is away.
    await writer.flush();
    for (let seq = 2; seq < 10; seq++) writer.addFrame(frame(seq));

    setDown(false);
    await until(() => notices.length === 2);
    expect(notices[1]).toMatchObject({ kind: 'recording', state: 'resumed' });
    expect(seen.filter((message) => message.type === 'resumed')).toEqual([{ type: 'resumed' }]);
    writer.end(2000);
    await writer.idle();
    expect(logs.at(-1)).toMatchObject({ level: 'warn', line: expect.stringMatching(/answers again/) });
    expect((await real.frames('r1')).map((f) => f.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect((await real.events('r1')).map((e) => e.event.kind)).toEqual(['stderr']);
    const summary = await real.get('r1');
    expect(summary).toMatchObject({ endedAt: 2000, frameCount: 10 });
    expect(summary?.gaps).toBeUndefined();
    // Every store call was timed, the failed ones too.
    expect(writes.length).toBeGreaterThanOrEqual(5);
  });

  it('lets go past what it may hold, records the gap, and goes on recording after it', async () => {
    const { writer, real, setDown, notices, seen } = setUp(350);
    await writer.flush();
    setDown(true);
    writer.addFrame(frame(0));
    await until(() => notices.length === 1);
    writer.addFrame(frame(1));
    writer.addFrame(frame(2));
    // 300 bytes held: the next frame and event pass 350 and are let go, as is all that follows.
    writer.addFrame(frame(3));
    writer.addEvent({ time: 1004, event: { kind: 'stderr', line: 'lost', time: 1004 } });
    writer.addFrame(frame(4, 10));
    expect(
      seen.filter((m) => m.type === 'frame').map((m) => (m.type === 'frame' ? m.frame.seq : -1)),
    ).toEqual([0, 1, 2, 3, 4]);
    expect(seen.some((m) => m.type === 'event')).toBe(false);

    setDown(false);
    await until(() => notices.length === 2);
    writer.addFrame(frame(7));
    await writer.flush();
    expect(notices[1]).toMatchObject({ kind: 'recording', state: 'interrupted' });
    expect(notices[1]!.message).toMatch(
      /^Recording interrupted: not recorded: 2 frames \(seq 3–4\) and 1 bridge event from 1970-01-01T00:00:01.003Z to 1970-01-01T00:00:01.004Z\. /,
    );
    expect(seen.find((m) => m.type === 'resumed')).toMatchObject({ detail: notices[1]!.message });
    expect((await real.frames('r1')).map((f) => f.seq)).toEqual([0, 1, 2, 7]);
    const events = await real.events('r1');
    expect(events.map((e) => e.event)).toEqual([
      { kind: 'recording', state: 'interrupted', message: notices[1]!.message },
    ]);
    expect((await real.get('r1'))?.gaps).toEqual([
      { fromSeq: 3, toSeq: 4, frames: 2, events: 1, bytes: 110, from: 1003, to: 1004 },
    ]);
  });

  it('stops (as before) when the store answers and only the write failed', async () => {
    // Its row was never made (another id was): each append breaks a foreign key, the store is fine.
    const { writer, notices, logs, health } = setUp(1_000_000, 'another');
    await writer.flush();
    writer.addFrame(frame(0));
    await writer.flush();
    expect(notices).toEqual([]);
    expect(health.problem).toBeUndefined();
    expect(writer.isStored).toBe(false);
    expect(logs.map((entry) => entry.line)).toEqual([
      expect.stringMatching(/^Recording r1 stopped: .*FOREIGN KEY/),
    ]);
  });

  it('gives up waiting when the bridge stops, without hanging its close', async () => {
    const { writer, setDown, health, notices, logs } = setUp(1_000_000);
    await writer.flush();
    setDown(true);
    writer.addFrame(frame(0));
    await until(() => notices.length === 1);
    writer.end(5);
    health.close();
    await writer.idle();
    expect(logs.some((entry) => /Recording r1 stopped: the bridge stopped before/.test(entry.line))).toBe(
      true,
    );
  });
});

describe('the store health', () => {
  it('finds an outage from a readiness check alone, and logs when the store is back', async () => {
    const { store, real, setDown } = switchableStore();
    const logs: { line: string; level?: string }[] = [];
    const health = new StoreHealth(store, (line, level) => void logs.push({ line, level }), 20);
    cleanup.push(
      () => health.close(),
      () => real.close(),
    );
    expect(await health.probe()).toBeUndefined();
    setDown(true);
    expect(await health.probe()).toMatch(
      /^the recordings store :memory: does not answer: connect ECONNREFUSED/,
    );
    expect(health.unavailable?.message).toBe('The recordings store (SQLite) does not answer');
    setDown(false);
    await health.whenBack();
    expect(health.problem).toBeUndefined();
    expect(logs.map((entry) => entry.level)).toEqual(['warn', 'warn']);
    expect(logs[1]!.line).toMatch(/^The recordings store :memory: answers again \(after \d+ s\)$/);
  });
});

describe('bytesInWords', () => {
  it('says the hold in the unit people read', () => {
    expect(bytesInWords(16 * 2 ** 20)).toBe('16 MiB');
    expect(bytesInWords(2048)).toBe('2 KiB');
    expect(bytesInWords(1536)).toBe('1.5 KiB');
    expect(bytesInWords(100)).toBe('100 bytes');
  });
});
