import type { Frame } from '#shared/bridge-protocol.ts';
import type { ServerTarget } from '#shared/targets.ts';
import type { ServerDetails } from '../era/server-details.ts';
import { LIST_ID, PING_ID } from '../era/era-probe-pace.ts';

/**
 * What a connect sends before it is ready, by method. A recording holds no marks of the live session's
 * (`TraceSetups`), so a replay finds its setup from these: the client's messages from the first frame on, until
 * it sends anything else.
 */
const SETUP_METHODS = new Set([
  'server/discover',
  'initialize',
  'notifications/initialized',
  'subscriptions/listen',
  'tools/list',
]);

/** The opening requests: without an answer to one of them the connect never became ready. */
const HANDSHAKES = new Set(['server/discover', 'initialize']);

/** A recording's setup: its frames, the setup row's words and whether Auto probed. */
export interface RecordedSetup {
  frames: Frame[];
  note: string | undefined;
  probed: boolean;
  /** The time of its last frame before the page moved on: where the setup's figure ends (late answers aside). */
  readyTime: number;
}

type Message = { id?: unknown; method?: unknown; params?: { cursor?: unknown } };

/**
 * The frames a recorded connection exchanged before it was ready, as the live trace folds them: from the first
 * frame until the page sends something a connect does not send (a call, a second tool listing, any other
 * request), ending with the last answer to a setup request (late answers included). Undefined when the
 * connect never got an answer to its handshake or its first tool list (it failed: its rows stay unfolded), or
 * the trace does not start with one.
 */
export function recordedSetup(
  frames: readonly Frame[],
  context: { target: ServerTarget | null | undefined; server: ServerDetails | null | undefined },
): RecordedSetup | undefined {
  const requests = new Map<string, string>(); // JSON id → method, of the setup's requests
  const answered = new Set<string>();
  let listed = false;
  let end = 0; // one past the setup's last frame before the page moved on
  for (let index = 0; index < frames.length; index++) {
    const frame = frames[index]!;
    if (frame.direction !== 'out' && frame.direction !== 'in') continue;
    if (index > 0 && frame.bridgeSeq === 0) break; // another connection
    const message = (frame.message ?? {}) as Message;
    const id = message.id === undefined ? undefined : JSON.stringify(message.id);
    if (frame.direction === 'in') {
      if (message.method === undefined && id !== undefined && requests.has(id)) {
        answered.add(id);
        if (requests.get(id) === 'tools/list') listed = true;
        end = index + 1;
      }
      continue;
    }
    if (!isSetupRequest(message, listed)) break;
    if (id !== undefined) requests.set(id, String(message.method));
    end = index + 1;
  }
  const methods = [...requests].filter(([id]) => answered.has(id)).map(([, method]) => method);
  if (!methods.some((method) => HANDSHAKES.has(method))) return undefined;
  if ([...requests.values()].includes('tools/list') && !listed) return undefined;
  const members = frames.filter((frame, index) => index < end || isLateAnswer(frame, requests));
  let readyTime = 0;
  for (let index = 0; index < end; index++)
    if (isServerFrame(frames[index]!)) readyTime = Math.max(readyTime, frames[index]!.time);
  const probed =
    requests.has(JSON.stringify(PING_ID)) ||
    requests.has(JSON.stringify(LIST_ID)) ||
    (methods.includes('initialize') && [...requests.values()].includes('server/discover'));
  return { frames: members.filter(isServerFrame), note: recordedNote(context, probed), probed, readyTime };
}

/** A message a connect sends: a ping only as Auto's liveness check, a tool listing only until one is answered. */
function isSetupRequest(message: Message, listed: boolean): boolean {
  if (message.id === PING_ID && message.method === 'ping') return true;
  if (typeof message.method !== 'string' || !SETUP_METHODS.has(message.method)) return false;
  // A listing's next page belongs to it; a fresh listing after the first answer is the user's Refresh.
  return !(message.method === 'tools/list' && listed && message.params?.cursor === undefined);
}

function isLateAnswer(frame: Frame, requests: Map<string, string>): boolean {
  const message = (frame.message ?? {}) as Message;
  return frame.direction === 'in' && message.method === undefined && requests.has(JSON.stringify(message.id));
}

function isServerFrame(frame: Frame): boolean {
  return frame.direction === 'out' || frame.direction === 'in';
}

/**
 * The setup row's words for a recording, as live (`setupNote`) where the recording tells: a chosen era, or
 * "Auto chose" when the frames show a probe. A known or remembered era leaves no trace, so it reads as the
 * revision alone.
 */
function recordedNote(
  { target, server }: { target: ServerTarget | null | undefined; server: ServerDetails | null | undefined },
  probed: boolean,
): string | undefined {
  const revision = server?.protocolVersion;
  if (!revision || revision === 'unknown') return undefined;
  if ((target?.era ?? 'auto') !== 'auto') return `${server.era ?? 'legacy'} era, ${revision}`;
  return probed ? `Auto chose ${revision}` : revision;
}
