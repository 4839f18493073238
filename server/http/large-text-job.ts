import type { ClientToBridge, RefusedClientMessage } from '#shared/bridge-protocol.ts';

/** A large page text handed to the worker: its bytes (UTF-8, already checked by ws). */
export interface ParseJob {
  id: number;
  bytes: Uint8Array;
}

/**
 * The worker's answer: the text's messages as the bridge reads them, and for each `send` its
 * message's JSON as the relay writes it (so the event loop does not serialise 15 MiB again).
 */
export interface ParseResult {
  id: number;
  messages: (ClientToBridge | RefusedClientMessage)[];
  /** `texts[i]` is `JSON.stringify(messages[i].message)` when `messages[i]` is a `send`. */
  texts: (string | undefined)[];
}

/** What the worker does with one job; the parser is passed in so a unit test runs it in-thread. */
export function parseJob(
  job: ParseJob,
  parse: (text: string) => (ClientToBridge | RefusedClientMessage)[],
): ParseResult {
  const text = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength).toString();
  const messages = parse(text);
  const texts = messages.map((message) =>
    message.type === 'send' ? JSON.stringify(message.message) : undefined,
  );
  return { id: job.id, messages, texts };
}
