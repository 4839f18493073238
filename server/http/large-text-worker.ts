/**
 * The worker thread of {@link LargeTextParser}: it reads a page's large text (decodes, parses,
 * validates) and serialises each `send` message once more for the relay, off the bridge's event
 * loop. One job at a time, answered in the order asked.
 */
import { parentPort } from 'node:worker_threads';
import { parseClientMessages } from '#shared/bridge-protocol.ts';
import { parseJob, type ParseJob, type ParseResult } from './large-text-job.ts';

parentPort?.on('message', (job: ParseJob) => {
  const result: ParseResult = parseJob(job, parseClientMessages);
  parentPort?.postMessage(result);
});
// Loaded: from now on the bridge hands its large texts here (and no longer keeps a copy).
parentPort?.postMessage('ready');
