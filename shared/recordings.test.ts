import { describe, expect, it } from 'vitest';
import {
  liveMessageSchema,
  recordingListSchema,
  recordingSnapshotSchema,
  renameBodySchema,
  retentionSchema,
} from './recordings.ts';
import { parseUntrusted } from './untrusted-json.ts';

const summary = {
  id: 'r1',
  name: 'node server.js',
  target: { transport: 'stdio', command: 'node', args: ['server.js'], env: { KEY: '' } },
  startedAt: 1,
  frameCount: 2,
  live: true,
};

describe('recordings payloads', () => {
  it('read what the routes send, keeping fields a newer bridge adds', () => {
    const list = { recordings: [{ ...summary, pinned: true }], retentionDays: 30, file: '/x.sqlite' };
    expect(parseUntrusted(recordingListSchema, list)).toEqual({ ok: true, value: list });
    const snapshot = {
      recording: summary,
      frames: [{ seq: 0, direction: 'out', time: 1, bytes: 10, message: { jsonrpc: '2.0', method: 'x' } }],
      events: [{ time: 2, event: { kind: 'stderr', line: 'hi', time: 2 } }],
    };
    expect(parseUntrusted(recordingSnapshotSchema, snapshot)).toEqual({ ok: true, value: snapshot });
  });

  it('name the path of what is wrong', () => {
    expect(parseUntrusted(recordingListSchema, { recordings: [{ ...summary, live: 'yes' }] })).toEqual({
      ok: false,
      error:
        'recordings[0].live: expected true or false, got "yes"; retentionDays: expected a number, got nothing; file: expected a string, got nothing',
    });
    const badFrame = {
      recording: summary,
      frames: [{ seq: 0, direction: 'up', time: 1, bytes: 1 }],
      events: [],
    };
    expect(parseUntrusted(recordingSnapshotSchema, badFrame)).toMatchObject({
      error: 'frames[0].direction: expected "out", "in", "to-view" or "from-view", got "up"',
    });
    expect(parseUntrusted(liveMessageSchema, { type: 'ended', reason: 'bored', endedAt: 1 })).toMatchObject({
      error: 'reason: expected "closed", "deleted" or "unshared", got "bored"',
    });
  });

  it('check the bodies the page sends', () => {
    expect(parseUntrusted(renameBodySchema, { name: '  Bug 42  ' })).toEqual({
      ok: true,
      value: { name: 'Bug 42' },
    });
    for (const name of ['', '   ', 'x'.repeat(201), 5])
      expect(parseUntrusted(renameBodySchema, { name })).toEqual({
        ok: false,
        error: 'name: must be 1 to 200 characters',
      });
    expect(parseUntrusted(retentionSchema, { retentionDays: 7 })).toMatchObject({ ok: true });
    for (const retentionDays of [-1, 1.5, 3651, '7'])
      expect(parseUntrusted(retentionSchema, { retentionDays })).toEqual({
        ok: false,
        error: 'retentionDays: must be a whole number from 0 to 3650',
      });
    expect(parseUntrusted(retentionSchema, undefined)).toEqual({
      ok: false,
      error: 'expected an object, got nothing',
    });
  });
});
