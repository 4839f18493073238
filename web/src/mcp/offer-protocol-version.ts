import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

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
