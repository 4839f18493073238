import { describe, expect, it } from 'vitest';
import { parseClientMessages } from '#shared/bridge-protocol.ts';
import { parseJob } from './large-text-job.ts';

const bytesOf = (text: string) => new Uint8Array(Buffer.from(text));

describe('parseJob (the large-text worker’s work)', () => {
  it('reads a batch as the event loop would, and writes each send’s JSON for the relay', () => {
    const send = {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'é'.repeat(5) } },
    };
    const text = JSON.stringify([
      { type: 'send', message: send },
      { type: 'cancel', id: 7 },
      { type: 'nonsense' },
    ]);
    const result = parseJob({ id: 3, bytes: bytesOf(text) }, parseClientMessages);
    expect(result.id).toBe(3);
    expect(result.messages).toEqual(parseClientMessages(text));
    expect(result.messages.map((message) => message.type)).toEqual(['send', 'cancel', 'refused']);
    expect(result.texts).toEqual([JSON.stringify(send), undefined, undefined]);
  });

  it('answers a text that is not JSON as refused, with nothing to relay', () => {
    const result = parseJob({ id: 0, bytes: bytesOf('{"type":"send",') }, parseClientMessages);
    expect(result.messages).toEqual([{ type: 'refused', error: 'Not JSON', connect: false }]);
    expect(result.texts).toEqual([undefined]);
  });

  it('reads bytes that are a view into a larger buffer (only the view)', () => {
    const whole = Buffer.from(`xxxx${JSON.stringify({ type: 'cancel', id: 1 })}yyyy`);
    const view = new Uint8Array(whole.buffer, whole.byteOffset + 4, whole.length - 8);
    expect(parseJob({ id: 1, bytes: view }, parseClientMessages).messages).toEqual([
      { type: 'cancel', id: 1 },
    ]);
  });
});
