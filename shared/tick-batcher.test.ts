import { describe, expect, it } from 'vitest';
import { parseBridgeMessages, parseClientMessages, type BridgeToClient } from './bridge-protocol.ts';
import { encodeBatch, TickBatcher } from './tick-batcher.ts';

describe('TickBatcher', () => {
  it('hands over everything pushed in one tick at once, in order', async () => {
    const delivered: number[][] = [];
    const batcher = new TickBatcher<number>((items) => delivered.push(items));
    batcher.push(1);
    batcher.push(2);
    batcher.push(3);
    expect(delivered).toEqual([]);
    await Promise.resolve();
    batcher.push(4);
    await Promise.resolve();
    expect(delivered).toEqual([[1, 2, 3], [4]]);
  });

  it('flushes on demand (before a close) and drops on demand', async () => {
    const delivered: string[][] = [];
    const batcher = new TickBatcher<string>((items) => delivered.push(items));
    batcher.push('disconnect');
    batcher.flush();
    expect(delivered).toEqual([['disconnect']]);
    batcher.push('lost');
    batcher.drop();
    await Promise.resolve();
    expect(delivered).toEqual([['disconnect']]);
  });
});

describe('batched wire messages', () => {
  const ready: BridgeToClient = { type: 'ready', channelId: 's' };
  const failed: BridgeToClient = { type: 'failed', error: 'x' };

  it('a lone message is sent as itself, several as an array, and both read back in order', () => {
    expect(encodeBatch([ready])).toBe(JSON.stringify(ready));
    expect(parseBridgeMessages(encodeBatch([ready]))).toEqual([ready]);
    expect(parseBridgeMessages(encodeBatch([ready, failed]))).toEqual([ready, failed]);
    expect(parseBridgeMessages('not json')).toEqual([]);
    expect(parseBridgeMessages('[1, {"type": "ready", "channelId": "s"}]')).toEqual([ready]);
  });

  it('the bridge checks every message of a batch on its own', () => {
    expect(
      parseClientMessages(encodeBatch([{ type: 'disconnect' }, { type: 'bogus' }, { nope: 1 }])),
    ).toEqual([
      { type: 'disconnect' },
      {
        type: 'refused',
        error:
          'type: expected "connect", "send", "cancel", "protocol-version", "disconnect", "chat-turn", "oauth-next" or "oauth-clear-tokens", got "bogus"',
        connect: false,
      },
      {
        type: 'refused',
        error:
          'type: expected "connect", "send", "cancel", "protocol-version", "disconnect", "chat-turn", "oauth-next" or "oauth-clear-tokens", got nothing',
        connect: false,
      },
    ]);
    expect(parseClientMessages('{')).toEqual([{ type: 'refused', error: 'Not JSON', connect: false }]);
  });
});

describe('lazy items', () => {
  it('ride along with the next eager item, or go on their own after the delay', async () => {
    const delivered: string[][] = [];
    const batcher = new TickBatcher<string>((items) => delivered.push(items), queueMicrotask, 5);
    batcher.push('ack 1', true);
    await Promise.resolve();
    expect(delivered).toEqual([]);
    batcher.push('answer 1');
    await Promise.resolve();
    expect(delivered).toEqual([['ack 1', 'answer 1']]);
    batcher.push('ack 2', true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(delivered).toEqual([['ack 1', 'answer 1'], ['ack 2']]);
  });
});
