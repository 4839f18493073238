import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { RELAY_ERROR_CODE, type BridgeToClient, type FrameOrigin } from '#shared/bridge-protocol.ts';
import type { FrameStamper } from '../relay/frame-stamper.ts';
import type { SendRefusal } from './channel-policy.ts';

/** What the page is sent for a message the bridge answers itself: its frame, and the answer's. */
export interface LocalAnswer {
  /** The page's message, stamped as sent (without its body: the page has it). */
  sent: BridgeToClient;
  /** The JSON-RPC error answering a request, stamped as a synthetic frame; none for a notification. */
  answer?: { message: BridgeToClient; json: string };
}

/**
 * A message from the page answered with a JSON-RPC error instead of being relayed (a limit refused
 * it). The page's message is stamped like a relayed one, so its trace stays in step; `placeholder`
 * stands in for a message too large to keep; `origin` is the page's word on who asked for the
 * call, kept on the refused frame.
 */
export function localAnswer(
  stamper: FrameStamper,
  message: JSONRPCMessage,
  refusal: SendRefusal,
  placeholder?: string,
  origin?: FrameOrigin,
): LocalAnswer {
  const { frame: out } =
    placeholder === undefined
      ? stamper.stampMessage('out', message, JSON.stringify(message), false, undefined, origin)
      : stamper.stampBadFrame('out', placeholder, refusal.message, origin);
  const sent: BridgeToClient = { type: 'frame', frame: { ...out, message: undefined, raw: undefined } };
  if (!('method' in message) || !('id' in message)) return { sent };
  const error: JSONRPCMessage = {
    jsonrpc: '2.0',
    id: message.id,
    error: {
      code: RELAY_ERROR_CODE,
      message: `Bridge: ${refusal.message}`,
      ...(refusal.data ? { data: refusal.data } : {}),
    },
  };
  const { frame, json } = stamper.stampMessage('in', error, JSON.stringify(error), true);
  return { sent, answer: { message: { type: 'frame', frame }, json: `{"type":"frame","frame":${json}}` } };
}
