import type { ReadResourceResult } from '@modelcontextprotocol/client';
import type { Frame } from '#shared/bridge-protocol.ts';

/**
 * A View's resource as a recording or session file read it: the answer to the last `resources/read` of `uri` in the
 * frames (a replay cannot ask the server again). Throws when the recording never read it.
 */
export function recordedResource(frames: readonly Frame[], uri: string): ReadResourceResult {
  for (let index = frames.length - 1; index >= 0; index--) {
    const request = frames[index]!;
    const message = request.message as
      { id?: unknown; method?: unknown; params?: { uri?: unknown } } | undefined;
    if (request.direction !== 'out' || message?.method !== 'resources/read' || message.params?.uri !== uri)
      continue;
    for (const answer of frames.slice(index + 1)) {
      const reply = answer.message as { id?: unknown; result?: unknown } | undefined;
      if (answer.direction === 'in' && reply && reply.id === message.id && reply.result !== undefined)
        return reply.result as ReadResourceResult;
    }
  }
  throw new Error(`The recording holds no read of ${uri}, so its View cannot be shown`);
}
