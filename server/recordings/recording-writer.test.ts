import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import type { LiveMessage } from '#shared/recordings.ts';
import { RecordingWriter } from './recording-writer.ts';
import { RecordingStore } from './recording-store.ts';

const stores: RecordingStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
  vi.useRealTimers();
});

function frame(seq: number, bytes = 10): Frame {
  return { seq, time: seq, direction: 'out', bytes, message: { jsonrpc: '2.0', method: 'ping', id: seq } };
}

function setUp() {
  const store = RecordingStore.open(':memory:');
  stores.push(store);
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
  it('writes nothing before commit, then everything queued, then batches on a timer', () => {
    vi.useFakeTimers();
    const { store, recording, create } = setUp();
    recording.addFrame(frame(0));
    recording.addEvent({ time: 0, event: { kind: 'spawned', pid: 1, command: 'x' } });
    expect(store.list()).toEqual([]);
    recording.commit(create);
    expect(store.frames('r1').map((f) => f.seq)).toEqual([0]);
    recording.addFrame(frame(1));
    recording.addFrame(frame(2));
    expect(store.frames('r1')).toHaveLength(1);
    vi.advanceTimersByTime(30);
    expect(store.frames('r1').map((f) => f.seq)).toEqual([0, 1, 2]);
    expect(store.frames('r1', 2).map((f) => f.seq)).toEqual([2]);
    expect(store.events('r1')).toHaveLength(1);
    expect(store.get('r1')?.frameCount).toBe(3);
  });

  it('writes at once when many bytes wait, tells viewers each frame, and ends once', () => {
    const { store, recording, create, finished } = setUp();
    recording.commit(create);
    const heard: LiveMessage['type'][] = [];
    recording.subscribe((message) => heard.push(message.type));
    recording.addFrame(frame(0, 40 * 1024 * 1024));
    expect(store.frames('r1')).toHaveLength(1);
    recording.end(5);
    recording.end(6);
    expect(heard).toEqual(['frame', 'ended']);
    expect(store.get('r1')?.endedAt).toBe(5);
    expect(finished).toEqual(['r1']);
    expect(recording.isLive).toBe(false);
  });

  it("stores a frame's JSON text as given (the server's own line inside), and tells viewers the same", () => {
    const { store, recording, create } = setUp();
    recording.commit(create);
    const heard: string[] = [];
    recording.subscribe((_message, text) => heard.push(text));
    const line = '{"jsonrpc":"2.0", "id":1, "result":{"n":1.0}}';
    const json = `{"seq":0,"time":5,"direction":"in","bytes":${line.length},"message":${line}}`;
    const stamped = JSON.parse(json) as Frame;
    recording.addFrame(stamped, json);
    recording.addFrame(frame(1));
    recording.flush();
    expect(store.frames('r1')).toEqual([stamped, frame(1)]);
    expect(heard[0]).toBe(`{"type":"frame","frame":${json}}`);
    expect(JSON.parse(heard[1]!)).toEqual({ type: 'frame', frame: frame(1) });
  });

  it('a failed write is logged once and the recording stops, without throwing', () => {
    const { store, recording, create, log } = setUp();
    recording.commit(create);
    store.close();
    recording.addFrame(frame(0));
    recording.flush();
    recording.addFrame(frame(1));
    recording.flush();
    recording.end(1);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/^Recording r1 stopped: /);
  });

  it('a recording whose row cannot be written keeps nothing, but viewers still hear every frame', () => {
    const { recording, log } = setUp();
    const heard: number[] = [];
    recording.subscribe((message) => message.type === 'frame' && heard.push(message.frame.seq));
    recording.commit(() => {
      throw new Error('disk full');
    });
    expect(recording.isStored).toBe(false);
    for (let seq = 0; seq < 3000; seq++) recording.addFrame(frame(seq));
    expect((recording as unknown as { queuedFrames: Frame[] }).queuedFrames).toHaveLength(0);
    expect(heard).toHaveLength(3000);
    expect(log).toEqual(['Recording r1 stopped: disk full']);
  });

  it('a discarded or deleted recording writes nothing more', () => {
    const { store, recording, create } = setUp();
    recording.addFrame(frame(0));
    recording.discard();
    recording.commit(create);
    expect(store.list()).toEqual([]);
    const second = setUp();
    second.recording.commit(second.create);
    second.recording.drop();
    second.recording.addFrame(frame(0));
    second.recording.flush();
    expect(second.store.frames('r1')).toEqual([]);
  });
});
