import { describe, expect, it } from 'vitest';
import { GARBAGE_LINES, type GarbageKind } from '../fixtures/garbage-lines.ts';
import { waitFor } from '../support/node-session.ts';
import { connectedResilienceSession, textOf } from './fault-harness.ts';

const fault = connectedResilienceSession();

/** Calls `garbage` with `kind` and returns the bad frames it added to the trace. */
async function garbage(kind: GarbageKind) {
  const before = fault.session.trace.get().frames.length;
  const outcome = await fault.session.callTool('garbage', { kind });
  expect(textOf(outcome.result)).toBe('after garbage');
  return fault.session.trace
    .get()
    .frames.slice(before)
    .filter((frame) => frame.error !== undefined);
}

describe('a server that writes garbage to stdout', () => {
  it('shows a plain text line as a bad frame', async () => {
    expect(await garbage('text')).toEqual([
      expect.objectContaining({
        direction: 'in',
        raw: 'this is not json',
        error: expect.stringMatching(/^Not JSON/),
      }),
    ]);
  });

  it('shows JSON that is not JSON-RPC as a bad frame', async () => {
    expect(await garbage('json')).toEqual([
      expect.objectContaining({ raw: '{"hello":"world"}', error: 'Not a valid JSON-RPC 2.0 message' }),
    ]);
  });

  it('shows bytes that are not UTF-8, with replacement characters', async () => {
    const [frame] = await garbage('binary');
    expect(frame?.raw).toContain('\uFFFD');
  });

  it('shows a one-megabyte line whole', async () => {
    const [frame] = await garbage('long');
    expect(frame?.raw).toHaveLength(GARBAGE_LINES.long.length - 1);
  });

  it('skips blank lines', async () => {
    expect(await garbage('blank')).toEqual([]);
  });

  it('passes a response to a request nobody sent on to the client, which ignores it', async () => {
    await garbage('stray');
    await waitFor(
      () =>
        fault.session.trace
          .get()
          .frames.some(
            (frame) => frame.message && 'id' in frame.message && frame.message.id === 'never-sent',
          ),
      'the stray response',
    );
  });

  it('goes on working after all of that, with no frame lost', async () => {
    const outcome = await fault.session.callTool('echo', { text: 'still here' });
    expect(textOf(outcome.result)).toBe('still here');
    expect(fault.session.state.get().status).toBe('connected');
    const seqs = fault.session.trace.get().frames.map((frame) => frame.seq);
    expect(seqs).toEqual(seqs.map((_, index) => index));
  });
});
