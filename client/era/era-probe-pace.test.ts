import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LIVENESS_LIST_WAIT_MS,
  AFTER_LIST_GRACE_MS,
  AFTER_PING_GRACE_MS,
  LIVENESS_PING_DELAY_MS,
  paceStdioProbe,
  type ProbeWait,
} from './era-probe-pace.ts';

// Auto's probe on stdio, paced by a ping and a tools/list, on fake timers and a fake
// transport: what is sent when, what reaches the SDK, and when the era is decided.

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' };

function paced() {
  const sent: JSONRPCMessage[] = [];
  const delivered: JSONRPCMessage[] = [];
  const waits: ProbeWait[] = [];
  const hastened: string[] = [];
  const transport = {
    start: async () => {},
    close: async () => {},
    send: async (message: JSONRPCMessage) => void sent.push(message),
  } as Transport;
  const pace = paceStdioProbe(
    transport,
    (wait) => waits.push(wait),
    (answered) => hastened.push(answered),
  );
  // The SDK sets its handler on connect, before it sends the probe.
  transport.onmessage = (message) => void delivered.push(message);
  void transport.send({ jsonrpc: '2.0', id: 0, method: 'server/discover', params: { _meta: META } });
  const answer = (id: string | number, body: object = { result: {} }) =>
    transport.onmessage!({ jsonrpc: '2.0', id, ...body } as JSONRPCMessage);
  const methods = () => sent.map((m) => ('method' in m ? m.method : undefined));
  /** An answer as the bridge reports its frame (the SDK's handler may have changed by then). */
  const frame = (id: string | number, body: object) =>
    pace.see({
      seq: 0,
      direction: 'in',
      time: 0,
      bytes: 0,
      message: { jsonrpc: '2.0', id, ...body } as JSONRPCMessage,
    });
  return { sent, delivered, waits, hastened, answer, methods, pace, frame };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('paceStdioProbe', () => {
  it('a server that answers neither the probe nor ping, but tools/list, is legacy within a second', async () => {
    const probe = paced();
    await vi.advanceTimersByTimeAsync(LIVENESS_PING_DELAY_MS);
    expect(probe.methods()).toEqual(['server/discover', 'ping', 'tools/list']);
    // Both carry the probe's envelope: a modern server reads them as modern requests.
    for (const message of probe.sent.slice(1))
      expect((message as { params?: { _meta?: unknown } }).params?._meta).toEqual(META);
    expect(probe.waits.at(-1)).toBe('boot');
    probe.answer('toolscope-liveness-list', { result: { tools: [] } });
    expect(probe.delivered).toEqual([]); // Auto's own request: never the SDK's business
    await vi.advanceTimersByTimeAsync(AFTER_LIST_GRACE_MS);
    expect(probe.hastened).toEqual(['tools/list']);
    expect(probe.delivered).toEqual([
      expect.objectContaining({ id: 0, error: expect.objectContaining({ code: -32601 }) }),
    ]);
    expect(probe.waits.at(-1)).toBeUndefined();
    expect(LIVENESS_PING_DELAY_MS + AFTER_LIST_GRACE_MS).toBeLessThanOrEqual(1000);
  });

  it('a server that answers ping but neither the probe nor tools/list is legacy after the longer grace', async () => {
    const probe = paced();
    await vi.advanceTimersByTimeAsync(LIVENESS_PING_DELAY_MS);
    probe.answer('toolscope-liveness');
    await vi.advanceTimersByTimeAsync(AFTER_PING_GRACE_MS - 1);
    expect(probe.delivered).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(probe.hastened).toEqual(['ping']);
    expect(probe.delivered).toHaveLength(1);
  });

  it('a server that answers ping and tools/list (even an error) but not the probe is legacy after the short grace', async () => {
    const probe = paced();
    await vi.advanceTimersByTimeAsync(LIVENESS_PING_DELAY_MS);
    probe.answer('toolscope-liveness');
    probe.answer('toolscope-liveness-list', { error: { code: -32601, message: 'no' } });
    await vi.advanceTimersByTimeAsync(AFTER_LIST_GRACE_MS - 1);
    expect(probe.delivered).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(probe.hastened).toEqual(['ping and tools/list']);
    expect(probe.delivered).toEqual([
      expect.objectContaining({ id: 0, error: expect.objectContaining({ code: -32601 }) }),
    ]);
    // No second decision when the long grace would have ended.
    await vi.advanceTimersByTimeAsync(AFTER_PING_GRACE_MS);
    expect(probe.delivered).toHaveLength(1);
    // What Auto adds over Legacy against such a server (a person should wait well under +1.2 s).
    expect(LIVENESS_PING_DELAY_MS + AFTER_LIST_GRACE_MS).toBeLessThanOrEqual(1000);
  });

  it('an SDK server answering ping at once and the probe later (under load) is still modern', async () => {
    const probe = paced();
    await vi.advanceTimersByTimeAsync(LIVENESS_PING_DELAY_MS);
    // As the demo server (SDK v2) does under load: ping first, then the probe, then tools/list.
    probe.answer('toolscope-liveness', { error: { code: -32601, message: 'ping is not modern' } });
    await vi.advanceTimersByTimeAsync(AFTER_PING_GRACE_MS - 200);
    probe.answer(0, { result: { supportedVersions: ['2026-07-28'] } });
    probe.answer('toolscope-liveness-list', { result: { tools: [] } });
    await vi.advanceTimersByTimeAsync(AFTER_PING_GRACE_MS * 2);
    expect(probe.hastened).toEqual([]);
    expect(probe.delivered).toEqual([expect.objectContaining({ id: 0, result: expect.anything() })]);
    expect(probe.waits.at(-1)).toBeUndefined();
  });

  it('a server still booting answers nothing: it is waited for (boot), never taken for legacy', async () => {
    const probe = paced();
    await vi.advanceTimersByTimeAsync(8000);
    expect(probe.waits).toEqual(['probe', 'boot']);
    expect(probe.hastened).toEqual([]);
    expect(probe.delivered).toEqual([]);
    // It booted and answered everything in order: the probe first, modern.
    probe.answer(0, { result: { supportedVersions: ['2026-07-28'] } });
    probe.answer('toolscope-liveness');
    probe.answer('toolscope-liveness-list', { result: { tools: [] } });
    await vi.advanceTimersByTimeAsync(AFTER_PING_GRACE_MS * 2);
    expect(probe.delivered).toEqual([expect.objectContaining({ id: 0, result: expect.anything() })]);
    expect(probe.hastened).toEqual([]);
  });

  it('a server that answers the probe at once gets no ping and no tools/list', async () => {
    const probe = paced();
    probe.answer(0, { error: { code: -32601, message: 'Method not found' } });
    await vi.advanceTimersByTimeAsync(AFTER_PING_GRACE_MS * 2);
    expect(probe.methods()).toEqual(['server/discover']);
    expect(probe.delivered).toHaveLength(1);
  });

  it("keeps the liveness tools/list's answer for the connection, so the list need not cross the wire twice", async () => {
    const probe = paced();
    await vi.advanceTimersByTimeAsync(LIVENESS_PING_DELAY_MS);
    const list = { tools: [{ name: 'echo', inputSchema: { type: 'object' } }], ttlMs: 60_000 };
    // The demo server's order: the probe's answer first, then ping's error, then the list.
    probe.answer(0, { result: { supportedVersions: ['2026-07-28'] } });
    const kept = probe.pace.livenessList();
    probe.answer('toolscope-liveness', { error: { code: -32601, message: 'no ping' } });
    probe.frame('toolscope-liveness-list', { result: list });
    await expect(kept).resolves.toEqual(list);
    await expect(probe.pace.livenessList()).resolves.toEqual(list);
    probe.answer('toolscope-liveness-list', { result: list });
    expect(probe.delivered).toHaveLength(1); // still never the SDK's
  });

  it('has no liveness list to give when none was sent, it failed, or it is late', async () => {
    const quick = paced();
    quick.answer(0, { result: {} });
    await expect(quick.pace.livenessList()).resolves.toBeUndefined();

    const refused = paced();
    await vi.advanceTimersByTimeAsync(LIVENESS_PING_DELAY_MS);
    refused.frame('toolscope-liveness-list', { error: { code: -32601, message: 'no' } });
    await expect(refused.pace.livenessList()).resolves.toBeUndefined();

    const junk = paced();
    await vi.advanceTimersByTimeAsync(LIVENESS_PING_DELAY_MS);
    junk.frame('toolscope-liveness-list', { result: { tools: 'none' } });
    await expect(junk.pace.livenessList()).resolves.toBeUndefined();

    const late = paced();
    await vi.advanceTimersByTimeAsync(LIVENESS_PING_DELAY_MS);
    const waited = late.pace.livenessList();
    await vi.advanceTimersByTimeAsync(LIVENESS_LIST_WAIT_MS);
    await expect(waited).resolves.toBeUndefined();
  });
});
