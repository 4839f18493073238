import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import type { LiveMessage } from '#shared/recordings.ts';
import { RecordingWriter } from './recording-writer.ts';
import { SqliteRecordingStore } from './sqlite-recording-store.ts';
import type { RecordingStore } from './recording-store.ts';
import type { WriteBatch } from './write-batch.ts';

const stores: SqliteRecordingStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close().catch(() => {});
  vi.useRealTimers();
});

function frame(seq: number, bytes = 10): Frame {
  return { seq, time: seq, direction: 'out', bytes, message: { jsonrpc: '2.0', method: 'ping', id: seq } };
}

function setUp(store: RecordingStore = SqliteRecordingStore.open(':memory:')) {
  if (store instanceof SqliteRecordingStore) stores.push(store);
  const log: string[] = [];
  const finished: string[] = [];
  const recording = new RecordingWriter('r1', store, {
    onFinish: (r) => finished.push(r.id),
    log: (line) => log.push(line),
  });
  const create = () => store.create({ id: 'r1', name: 'r', target: null, startedAt: 0 });
  return { store, recording, log, finished, create };
}

describe('RecordingWriter', () => {
  it('counts the tool calls sent, names each tool once in order, and stores the summary with the frames', async () => {
    const { store, recording, create } = setUp();
    const call = (seq: number, name: unknown, direction: Frame['direction'] = 'out'): Frame => ({
      seq,
      time: seq,
      direction,
      bytes: 10,
      message: {
        jsonrpc: '2.0',
        id: seq,
        method: 'tools/call',
        params: { name, arguments: {} },
      } as Frame['message'],
    });
    recording.commit(create);
    await recording.flush();
    recording.addFrame(frame(0));
    await recording.flush();
    expect((await store.get('r1'))?.calls).toEqual({ count: 0, tools: [] });
    recording.addFrame(call(1, 'echo'));
    recording.addFrame(call(2, 'get_weather'));
    recording.addFrame(call(3, 'echo'));
    // A server's request to the page is not a call the recording made; a hostile name shows as JSON.
    recording.addFrame(call(4, 'sampling', 'in'));
    recording.addFrame(call(5, { not: 'a string' }));
    await recording.flush();
    expect((await store.get('r1'))?.calls).toEqual({
      count: 4,
      tools: ['echo', 'get_weather', '{"not":"a string"}'],
    });
  });

  it('writes nothing before commit, then everything queued, then batches on a timer', async () => {
    vi.useFakeTimers();
    const { store, recording, create } = setUp();
    recording.addFrame(frame(0));
    recording.addEvent({ time: 0, event: { kind: 'spawned', pid: 1, command: 'x' } });
    expect(await store.list()).toEqual([]);
    recording.commit(create);
    await recording.idle();
    expect((await store.frames('r1')).map((f) => f.seq)).toEqual([0]);
    recording.addFrame(frame(1));
    recording.addFrame(frame(2));
    expect(await store.frames('r1')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(30);
    await recording.idle();
    expect((await store.frames('r1')).map((f) => f.seq)).toEqual([0, 1, 2]);
    expect((await store.frames('r1', 2)).map((f) => f.seq)).toEqual([2]);
    expect(await store.events('r1')).toHaveLength(1);
    expect((await store.get('r1'))?.frameCount).toBe(3);
  });

  it('writes at once when many bytes wait, tells viewers each frame, and ends once', async () => {
    const { store, recording, create, finished } = setUp();
    recording.commit(create);
    const heard: LiveMessage['type'][] = [];
    recording.subscribe((message) => heard.push(message.type));
    recording.addFrame(frame(0, 40 * 1024 * 1024));
    await recording.idle();
    expect(await store.frames('r1')).toHaveLength(1);
    recording.end(5);
    recording.end(6);
    await recording.idle();
    expect(heard).toEqual(['frame', 'ended']);
    expect((await store.get('r1'))?.endedAt).toBe(5);
    expect(finished).toEqual(['r1']);
    expect(recording.isLive).toBe(false);
  });

  it("stores a frame's JSON text as given (the server's own line inside), and tells viewers the same", async () => {
    const { store, recording, create } = setUp();
    recording.commit(create);
    const heard: string[] = [];
    recording.subscribe((_message, text) => heard.push(text));
    const line = '{"jsonrpc":"2.0", "id":1, "result":{"n":1.0}}';
    const json = `{"seq":0,"time":5,"direction":"in","bytes":${line.length},"message":${line}}`;
    const stamped = JSON.parse(json) as Frame;
    recording.addFrame(stamped, json);
    recording.addFrame(frame(1));
    await recording.flush();
    expect(await store.frames('r1')).toEqual([stamped, frame(1)]);
    expect(heard[0]).toBe(`{"type":"frame","frame":${json}}`);
    expect(JSON.parse(heard[1]!)).toEqual({ type: 'frame', frame: frame(1) });
  });

  it('a failed write is logged once and the recording stops, without throwing', async () => {
    const { store, recording, create, log } = setUp();
    recording.commit(create);
    await recording.idle();
    await store.close();
    recording.addFrame(frame(0));
    await recording.flush();
    recording.addFrame(frame(1));
    await recording.flush();
    recording.end(1);
    await recording.idle();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/^Recording r1 stopped: /);
  });

  it('a recording whose row cannot be written keeps nothing, but viewers still hear every frame', async () => {
    const { recording, log } = setUp();
    const heard: number[] = [];
    recording.subscribe((message) => message.type === 'frame' && heard.push(message.frame.seq));
    recording.commit(() => Promise.reject(new Error('disk full')));
    await recording.idle();
    expect(recording.isStored).toBe(false);
    for (let seq = 0; seq < 3000; seq++) recording.addFrame(frame(seq));
    expect((recording as unknown as { batch: WriteBatch }).batch.size).toBe(0);
    expect(heard).toHaveLength(3000);
    expect(log).toEqual(['Recording r1 stopped: disk full']);
  });

  it('a discarded or deleted recording writes nothing more', async () => {
    const { store, recording, create } = setUp();
    recording.addFrame(frame(0));
    recording.discard();
    recording.commit(create);
    await recording.idle();
    expect(await store.list()).toEqual([]);
    const second = setUp();
    second.recording.commit(second.create);
    second.recording.drop();
    second.recording.addFrame(frame(0));
    await second.recording.flush();
    expect(await second.store.frames('r1')).toEqual([]);
  });

  it('writes one batch at a time, in order: what arrives during a slow write goes in the next', async () => {
    const sqlite = SqliteRecordingStore.open(':memory:');
    stores.push(sqlite);
    const batches: number[][] = [];
    let release: () => void = () => {};
    const slow: RecordingStore = Object.create(sqlite, {
      appendTexts: {
        value: async (...args: Parameters<RecordingStore['appendTexts']>) => {
          batches.push(args[1]!.texts.map((text) => (JSON.parse(text) as Frame).seq));
          if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
          return sqlite.appendTexts(...args);
        },
      },
    });
    const { recording, create } = setUp(slow);
    recording.commit(create);
    recording.addFrame(frame(0));
    const first = recording.flush();
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    for (let seq = 1; seq <= 5; seq++) {
      recording.addFrame(frame(seq));
      void recording.flush();
    }
    release();
    await first;
    await recording.idle();
    expect(batches).toEqual([[0], [1, 2, 3, 4, 5]]);
    expect((await sqlite.frames('r1')).map((f) => f.seq)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('RecordingWriter with maxFrameBytes (hosted limits.recordedFrameBytes)', () => {
  it('keeps a frame over the limit as a marker with its id, method and size; viewers and smaller frames get all', async () => {
    const store = SqliteRecordingStore.open(':memory:');
    stores.push(store);
    const metered: number[] = [];
    const recording = new RecordingWriter('r1', store, {
      onFinish: () => {},
      log: () => {},
      meter: (bytes) => metered.push(bytes),
      maxFrameBytes: { bytes: 1024, limitName: 'limits.recordedFrameBytes' },
    });
    recording.commit(() => store.create({ id: 'r1', name: 'r', target: null, startedAt: 0 }));
    const heard: string[] = [];
    recording.subscribe((_message, text) => heard.push(text));
    const payload = 'x'.repeat(4096);
    const big: Frame = {
      seq: 0,
      time: 5,
      direction: 'out',
      bytes: 4200,
      message: {
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'echo', arguments: { payload } },
      },
    };
    recording.addFrame(big);
    recording.addFrame(frame(1));
    await recording.flush();
    const [marker, small] = await store.frames('r1');
    expect(marker).toEqual({
      seq: 0,
      time: 5,
      direction: 'out',
      bytes: 4200,
      raw: '{"jsonrpc":"2.0","id":7,"method":"tools/call"}',
      error: 'Not recorded: 4200 bytes, over limits.recordedFrameBytes (1024 bytes)',
    });
    expect(small).toEqual(frame(1));
    // The quota counts what is kept; live viewers still get the whole frame.
    expect(metered[0]).toBeLessThan(300);
    expect(heard[0]).toContain(payload);
  });
});
