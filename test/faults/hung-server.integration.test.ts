import { describe, expect, it } from 'vitest';
import { waitFor } from '../support/node-session.ts';
import { connectedResilienceSession, eventsOf, textOf } from './fault-harness.ts';

const fault = connectedResilienceSession();

/** The id of the latest tools/call request in the trace. */
function lastCallId(): unknown {
  const call = fault.session.trace
    .get()
    .frames.findLast(
      (frame) => frame.message && 'method' in frame.message && frame.message.method === 'tools/call',
    );
  return call?.message && 'id' in call.message ? call.message.id : undefined;
}

/** Waits until the trace shows notifications/cancelled for `requestId` and the server logged it. */
async function expectCancelled(requestId: unknown): Promise<void> {
  expect(requestId).toBeDefined();
  // The frame enters the trace when the bridge acknowledges it, a moment after the call ended.
  await waitFor(
    () =>
      fault.session.trace
        .get()
        .frames.some(
          (frame) =>
            frame.direction === 'out' &&
            frame.message &&
            'method' in frame.message &&
            frame.message.method === 'notifications/cancelled' &&
            (frame.message.params as { requestId?: unknown }).requestId === requestId,
        ),
    'notifications/cancelled in the trace',
  );
  await waitFor(
    () =>
      eventsOf(fault.session).some(
        (event) => event.kind === 'stderr' && event.line === `cancelled ${String(requestId)}`,
      ),
    'the server to receive the cancellation',
  );
}

describe('a server that never answers', () => {
  it('times the call out after timeoutMs and tells the server, which receives notifications/cancelled', async () => {
    const outcome = await fault.session.callTool('hang', {}, { timeoutMs: 300 });
    expect(outcome.status).toBe('timed-out');
    expect(outcome.error?.message).toBe('Request timed out');
    await expectCancelled(lastCallId());
  });

  it('cancels the call when the user aborts it', async () => {
    const abort = new AbortController();
    const pending = fault.session.callTool('hang', {}, { signal: abort.signal, timeoutMs: 30_000 });
    await waitFor(
      () => lastCallId() !== undefined && fault.session.trace.get().frames.length > 0,
      'the call to be sent',
    );
    abort.abort('Cancelled by the user');
    const outcome = await pending;
    expect(outcome.status).toBe('cancelled');
    await expectCancelled(lastCallId());
  });

  it('keeps the session usable', async () => {
    expect(textOf((await fault.session.callTool('echo', { text: 'alive' })).result)).toBe('alive');
    expect(fault.harness.bridge.channels.size).toBe(1);
  });
});
