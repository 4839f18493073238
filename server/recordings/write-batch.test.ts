import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '#shared/recordings.ts';
import { WriteBatch } from './write-batch.ts';

const event = (time: number): RecordedEvent =>
  ({ time, event: { kind: 'recording', state: 'interrupted', message: 'x' } }) as RecordedEvent;

describe('WriteBatch', () => {
  it('hands over its frames with the first and last seq and the last time, its events and bytes, then starts empty', () => {
    const batch = new WriteBatch();
    expect(batch.take()).toBeUndefined();
    batch.addFrame(4, 100, '{"seq":4}', 10);
    batch.addEvent(event(101));
    batch.addFrame(5, 102, '{"seq":5}', 12);
    batch.addEvent(event(103), 7);
    expect(batch.size).toBe(4);
    expect(batch.take()).toEqual({
      frames: { firstSeq: 4, lastSeq: 5, lastTime: 102, texts: ['{"seq":4}', '{"seq":5}'] },
      events: [event(101), event(103)],
      bytes: 29,
    });
    expect(batch.size).toBe(0);
    expect(batch.bytes).toBe(0);
    batch.addEvent(event(104));
    expect(batch.take()?.frames).toBeUndefined();
  });
});
