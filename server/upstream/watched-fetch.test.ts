import { describe, expect, it } from 'vitest';
import type { RequestId } from '@modelcontextprotocol/client';
import { watchedFetch } from './watched-fetch.ts';

/** A base fetch answering with an event stream made of `chunks`, then ending or breaking. */
function streamingFetch(chunks: string[], end: 'close' | 'break') {
  return async () => {
    const encoder = new TextEncoder();
    let index = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (index < chunks.length) controller.enqueue(encoder.encode(chunks[index++]));
        else if (end === 'close') controller.close();
        else controller.error(new Error('socket hang up'));
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
}

async function run(chunks: string[], end: 'close' | 'break', body = { jsonrpc: '2.0', id: 7, method: 'x' }) {
  const lost: [RequestId, string][] = [];
  const fetch = watchedFetch((id, reason) => lost.push([id, reason]), streamingFetch(chunks, end));
  const response = await fetch('http://127.0.0.1/mcp', { method: 'POST', body: JSON.stringify(body) });
  const text = await response.text().catch((error: Error) => `error: ${error.message}`);
  return { lost, text };
}

describe('watchedFetch', () => {
  it('passes the stream through and reports nothing when the answer came', async () => {
    const chunks = [
      'data: {"jsonrpc":"2.0","method":"notifications/progress"}\n\n',
      'data: {"jsonrpc":"2.0",',
      '"id":7,"result":{}}\r',
      '\n\r\n',
    ];
    const { lost, text } = await run(chunks, 'close');
    expect(text).toBe(chunks.join(''));
    expect(lost).toEqual([]);
  });

  it('reports the request when the stream ends without its answer', async () => {
    const { lost } = await run(
      [': keep-alive\n\n', 'data: {"jsonrpc":"2.0","id":8,"result":{}}\n\n'],
      'close',
    );
    expect(lost).toEqual([[7, 'The server ended the response stream without answering']]);
  });

  it('reports the request when the stream breaks, and still passes the error on', async () => {
    const { lost, text } = await run(['data: {"jsonrpc":"2.0","id":7,'], 'break');
    expect(text).toBe('error: socket hang up');
    expect(lost).toEqual([[7, 'The response stream broke before the answer (socket hang up)']]);
  });

  it('leaves resumable streams (with event ids) to the SDK', async () => {
    const { lost } = await run(['id: 1\ndata: \n\n'], 'break');
    expect(lost).toEqual([]);
  });

  it('ignores notifications, which expect no answer', async () => {
    const { lost } = await run([], 'close', { jsonrpc: '2.0', method: 'notifications/initialized' } as never);
    expect(lost).toEqual([]);
  });
});
