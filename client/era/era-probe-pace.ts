import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { Frame } from '#shared/bridge-protocol.ts';
import { stopFallbackOnOutage, type ProbeWatch } from './era-negotiation.ts';

/**
 * How long Auto lets `server/discover` go unanswered on stdio before it asks the server for a
 * `ping`: most servers answer the probe at once, so this costs them nothing.
 */
export const LIVENESS_PING_DELAY_MS = 500;
/**
 * After the server answered the ping, how long the probe may still take. A server reads its requests in
 * order but may answer them out of order: an SDK server under load answered ping at once and its async
 * `server/discover` a second later, and 300 ms took the demo server for a legacy one.
 */
export const AFTER_PING_GRACE_MS = 2000;
/**
 * After the server answered the liveness `tools/list`, how long the probe may still take. An SDK
 * server answers ping at once but tools/list in the order it read them, after the probe; a server
 * that answers the list and not the probe ignored it: a short wait is enough.
 */
export const AFTER_LIST_GRACE_MS = 300;
/** The id of Auto's ping, written last (hand-rolled servers find the id at the end of the line). */
export const PING_ID = 'toolscope-liveness';
/** The id of Auto's liveness `tools/list`, for a server that answers only what it knows (not ping). */
export const LIST_ID = 'toolscope-liveness-list';

/**
 * How long a listing waits for the answer to Auto's liveness `tools/list` once the connection is up:
 * a server answers in the order it reads, so it is mostly there already.
 */
export const LIVENESS_LIST_WAIT_MS = 2000;

/** What the pacing of one probe found that the connection can use afterwards. */
export interface PacedProbe {
  /**
   * The answer to Auto's liveness `tools/list` (a result holding a `tools` array), or undefined when
   * none was sent, it failed, or it did not come within {@link LIVENESS_LIST_WAIT_MS}.
   */
  livenessList(): Promise<Record<string, unknown> | undefined>;
  /**
   * Feed the connection's frames here: the liveness list's answer is read from them, as the SDK
   * hands the transport a new message handler once the era is decided (the probe's is gone by then).
   */
  see(frame: Frame): void;
}

/** What a connect under Auto is waiting for, for the connection bar. */
export type ProbeWait =
  | 'probe' // server/discover sent, no answer yet
  | 'boot' // the ping is unanswered too: the server is still starting (or answers nothing)
  | undefined; // decided

/**
 * Makes Auto's probe on stdio cost what a person accepts against a server that ignores requests it
 * does not know: `ping` may be sent before `initialize` in every revision, and a server
 * reads its requests in order. So when the probe is unanswered after {@link LIVENESS_PING_DELAY_MS},
 * Auto sends a ping, and a `tools/list` for a server that does not answer ping either (a hand-rolled
 * one that answers only what it knows); both carry the probe's envelope, so a modern server reads
 * them as modern requests. Once the server answers either (result or error) and still not the
 * probe, it has read the probe and ignored it: a legacy server. The SDK is then handed a "method not
 * found" answer to the probe and falls back to `initialize` on the same process at once. A server
 * still booting answers neither, so it gets the whole probe timeout: a slow modern server is not
 * taken for a legacy one. (One that answers the ping before the probe, by more than the grace, is
 * still caught: it refuses `initialize` as modern and is started again.)
 *
 * `onwait` hears what the connect waits for; `onhastened` once when the probe was decided early,
 * with what the server answered instead (`ping` or `tools/list`).
 * Call before `client.connect(transport)`.
 */
export function paceStdioProbe(
  transport: Transport,
  onwait: (wait: ProbeWait) => void,
  onhastened: (answered: string) => void,
): PacedProbe {
  const send = transport.send.bind(transport);
  /** Settles with the liveness list's answer once it came (see {@link PacedProbe}). */
  let listSent = false;
  let keepList: (result: Record<string, unknown> | undefined) => void = () => {};
  const listAnswer = new Promise<Record<string, unknown> | undefined>((resolve) => (keepList = resolve));
  let probeId: unknown;
  /**
   * The probe's `_meta` envelope (protocol version, client info), sent with the ping too: a dual-era
   * server (SDK v2) takes a request without it for a legacy client and answers the rest of the
   * connection in the legacy era, even after it answered the probe as modern.
   */
  let probeMeta: unknown;
  let answered = false;
  let pingAnswered = false;
  let listAnswered = false;
  let decision: ReturnType<typeof setTimeout> | undefined;
  let deliverProbeAnswer: Transport['onmessage'];
  /** Decided early as legacy: a late answer to the probe must not reach the SDK, which has moved on. */
  let hastened = false;
  const timers: ReturnType<typeof setTimeout>[] = [];
  const settle = () => {
    answered = true;
    timers.forEach(clearTimeout);
    onwait(undefined);
  };
  transport.send = async (message, options) => {
    if (
      probeId === undefined &&
      'method' in message &&
      message.method === 'server/discover' &&
      'id' in message
    ) {
      probeId = message.id;
      probeMeta = (message.params as { _meta?: unknown } | undefined)?._meta;
      wrapDelivery();
      onwait('probe');
      timers.push(setTimeout(() => void ping(), LIVENESS_PING_DELAY_MS));
    } else if ('method' in message && message.method === 'initialize' && !answered) settle();
    return send(message, options);
  };

  const ping = async () => {
    if (answered) return;
    onwait('boot');
    await send(livenessRequest('ping', PING_ID)).catch(() => {});
    if (answered) return;
    listSent = true;
    await send(livenessRequest('tools/list', LIST_ID)).catch(() => keepList(undefined));
  };

  /** One of Auto's own requests, in the probe's `_meta` envelope (see `probeMeta`). */
  const livenessRequest = (method: string, id: string) =>
    ({
      jsonrpc: '2.0',
      method,
      ...(probeMeta ? { params: { _meta: probeMeta } } : {}),
      id,
    }) as JSONRPCMessage;

  /** The server read the probe: legacy unless the probe's answer comes within `ms`. */
  function decideAfter(ms: number, what: string, extra: Parameters<NonNullable<Transport['onmessage']>>[1]) {
    clearTimeout(decision);
    onwait('probe');
    decision = setTimeout(() => {
      if (answered) return;
      settle();
      hastened = true;
      onhastened(what);
      deliverProbeAnswer?.(
        {
          jsonrpc: '2.0',
          id: probeId as string | number,
          error: {
            code: -32601,
            message: `Method not found (Toolscope: the server answered ${what} but not server/discover)`,
          },
        },
        extra,
      );
    }, ms);
    timers.push(decision);
  }

  function wrapDelivery(): void {
    const deliver = transport.onmessage;
    deliverProbeAnswer = deliver;
    transport.onmessage = (message, extra) => {
      const id = (message as { id?: unknown }).id;
      if ((id === PING_ID || id === LIST_ID) && !('method' in message)) {
        // Our own requests: their answers never reach the SDK.
        if (answered) return;
        if (id === PING_ID && !pingAnswered && !listAnswered) {
          // An SDK server answers ping before an async probe (under load by a second): the long grace.
          pingAnswered = true;
          decideAfter(AFTER_PING_GRACE_MS, 'ping', extra);
        } else if (id === LIST_ID && !listAnswered) {
          // An SDK server answers tools/list after the probe it read first (measured on the demo
          // server, 2026-11-26): a list answered before the probe means the probe was ignored. The
          // short grace, even when the ping's long one runs.
          listAnswered = true;
          decideAfter(AFTER_LIST_GRACE_MS, pingAnswered ? 'ping and tools/list' : 'tools/list', extra);
        }
        return;
      }
      if (id === probeId && !('method' in message)) {
        if (hastened) return;
        if (!answered) settle();
      }
      deliver?.(message, extra);
    };
  }

  return {
    see: (frame) => {
      const message = frame.message as { id?: unknown; method?: unknown } | undefined;
      if (frame.direction === 'in' && message?.id === LIST_ID && message.method === undefined)
        keepList(listResult(frame.message!));
    },
    livenessList: () => {
      if (!listSent) return Promise.resolve(undefined);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), LIVENESS_LIST_WAIT_MS);
      });
      return Promise.race([listAnswer, late]).finally(() => clearTimeout(timer));
    },
  };
}

/** The result of a `tools/list` answer when it is a usable list page; undefined for an error or junk. */
function listResult(message: JSONRPCMessage): Record<string, unknown> | undefined {
  const result = (message as { result?: unknown }).result;
  if (typeof result !== 'object' || result === null || Array.isArray(result)) return undefined;
  return Array.isArray((result as { tools?: unknown }).tools)
    ? (result as Record<string, unknown>)
    : undefined;
}

/**
 * Watches Auto's probe on a connection: over HTTP an outage stops the fallback (it would hide the
 * real failure); on stdio the probe is paced as {@link paceStdioProbe} says.
 */
export function watchProbe(
  transport: Transport,
  overStdio: boolean,
  probe: ProbeWatch,
  onwait: (wait: ProbeWait) => void,
): PacedProbe | undefined {
  if (overStdio) return paceStdioProbe(transport, onwait, (answered) => probe.hastened(answered));
  stopFallbackOnOutage(transport, probe);
  return undefined;
}
