import { afterEach, describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { parseClientMessages } from '#shared/bridge-protocol.ts';
import { LargeTextParser } from '../../server/http/large-text-parser.ts';
import { projectPath } from '../support/start-cli.ts';

/**
 * The hosted bridge's reader of large page texts, with the bundle's worker (`npm run build` first):
 * a text goes to the worker thread (its memory moves there) and comes back read exactly as the
 * event loop reads it; a worker that cannot start leaves every text to the event loop.
 */
const MIB = 1024 * 1024;
const parsers: LargeTextParser[] = [];
afterEach(async () => {
  await Promise.all(parsers.splice(0).map((parser) => parser.close()));
});

describe('LargeTextParser', () => {
  it('reads a 2 MiB send in the worker, moving its bytes there, in the order asked', async () => {
    const parser = new LargeTextParser(
      () => {},
      4 * MIB,
      pathToFileURL(projectPath('lib/large-text-worker.js')),
    );
    parsers.push(parser);
    // Before the worker is ready, texts are left to the caller.
    expect(await parser.parse(new Uint8Array(Buffer.from('{}')))).toBeUndefined();
    expect(await parser.started).toBe(true);

    const texts = [0, 1, 2].map((index) =>
      JSON.stringify({
        type: 'send',
        message: {
          jsonrpc: '2.0',
          id: index,
          method: 'tools/call',
          params: { name: 'echo', arguments: { text: `${index}`.repeat(2 * MIB) } },
        },
      }),
    );
    const buffers = texts.map((text) => Buffer.from(text));
    const copies = buffers.map((buffer) => Buffer.from(buffer));
    const results = await Promise.all(buffers.map((buffer) => parser.parse(buffer)));
    results.forEach((result, index) => {
      expect(result?.messages).toEqual(parseClientMessages(copies[index]!.toString()));
      const message = result?.messages[0];
      expect(message?.type === 'send' && message.message).toMatchObject({ id: index });
      expect(result?.texts[0]).toBe(message?.type === 'send' ? JSON.stringify(message.message) : '');
    });
    // Moved, not copied: the event loop no longer holds the bytes (a 2 MiB Buffer owns its memory).
    expect(buffers.map((buffer) => buffer.buffer.byteLength)).toEqual([0, 0, 0]);
  });

  it('leaves every text to the event loop, and says so once, when the worker cannot start', async () => {
    const lines: string[] = [];
    const parser = new LargeTextParser(
      (line) => lines.push(line),
      4 * MIB,
      pathToFileURL(projectPath('lib/no-such-worker.js')),
    );
    parsers.push(parser);
    parser.warm();
    expect(await parser.started).toBe(false);
    const bytes = Buffer.from(JSON.stringify({ type: 'cancel', id: 1 }).padEnd(2 * MIB));
    expect(await parser.parse(bytes)).toBeUndefined();
    expect(bytes.length).toBe(2 * MIB);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Large texts are read on the main thread: the text reader failed/);
  });
});
