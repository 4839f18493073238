import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { BridgeEvent, Frame, FrameOrigin } from '#shared/bridge-protocol.ts';
import type { ChatTurnNote } from '#shared/chat-protocol.ts';

/**
 * A transport that also reports the frames it carried and what happened beside them.
 * The bridge transport reports the frames as the bridge stamped them; tests wrap in-memory transports.
 */
export interface TracedTransport extends Transport {
  onframe?: (frame: Frame) => void;
  onbridgeevent?: (event: BridgeEvent, time: number) => void;
  /** The protocol version negotiated in initialize (the SDK client sets it). */
  protocolVersion?: string;
  /** Why the connection ended, when the bridge or the server said so. */
  closeReason?: string;
  /** The bridge's recording of this connection, when it records sessions. */
  recordingId?: string;
  /** True when the bridge itself went away (not the server). */
  lostBridge?: boolean;
  /** Hands a finished chat turn to the bridge's recording of this connection (bridge transports only). */
  recordChatTurn?: (note: ChatTurnNote) => void;
  /** Who asked for the call a message being sent belongs to, for the bridge's recording (set by the session). */
  originOf?: (message: JSONRPCMessage) => FrameOrigin | undefined;
}

/**
 * Makes the client offer `version` in its initialize request instead of the SDK's latest, to test
 * how a server handles older revisions. The SDK client has no option for this, so the transport
 * rewrites that one request on its way out; the trace shows what was really sent.
 */
export function offerProtocolVersion(transport: Transport, version: string): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if ('method' in message && message.method === 'initialize' && 'id' in message) {
      message = { ...message, params: { ...message.params, protocolVersion: version } };
    }
    return send(message, options);
  };
}
