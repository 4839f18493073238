import { describe, expect, it } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import { TraceRounds } from './trace-rounds.ts';

let seq = 0;
const frame = (direction: 'in' | 'out', message: Record<string, unknown>): Frame =>
  ({ seq: seq++, direction, time: 0, bytes: 1, message: { jsonrpc: '2.0', ...message } }) as Frame;

describe('grouping the rounds of multi round-trip calls', () => {
  it('links retries that carry inputResponses to the call that asked, and leaves other calls alone', () => {
    const rounds = new TraceRounds();
    const frames = [
      frame('out', { id: 1, method: 'tools/call', params: { name: 'deploy' } }),
      frame('out', { id: 2, method: 'tools/call', params: { name: 'echo' } }),
      frame('in', { id: 1, result: { resultType: 'input_required', inputRequests: {}, requestState: 's' } }),
      frame('in', { id: 2, result: { content: [] } }),
      frame('out', {
        id: 3,
        method: 'tools/call',
        params: { name: 'deploy', inputResponses: {}, requestState: 's' },
      }),
      frame('in', { id: 3, result: { resultType: 'complete', content: [] } }),
    ];
    for (const f of frames) rounds.add(f);
    const [first, echo, asked, echoed, retry, done] = frames.map((f) => rounds.of(f.seq));
    expect(first).toEqual({ exchangeSeq: frames[0]!.seq, round: 1 });
    expect(asked).toEqual(first);
    expect(retry).toEqual({ exchangeSeq: frames[0]!.seq, round: 2 });
    expect(done).toEqual(retry);
    expect(rounds.roundsOf(frames[0]!.seq)).toBe(2);
    expect(echo).toBeUndefined();
    expect(echoed).toBeUndefined();
  });

  it('does not take a fresh call of the same tool for a retry', () => {
    const rounds = new TraceRounds();
    const frames = [
      frame('out', { id: 1, method: 'tools/call', params: { name: 'deploy' } }),
      frame('in', { id: 1, result: { resultType: 'input_required', inputRequests: {} } }),
      frame('out', { id: 2, method: 'tools/call', params: { name: 'deploy' } }),
    ];
    for (const f of frames) rounds.add(f);
    expect(rounds.of(frames[2]!.seq)).toBeUndefined();
  });
});
