import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { BridgeEvent } from '#shared/bridge-protocol.ts';
import type { OAuthStep } from '#shared/oauth-step.ts';
import { HttpUpstream } from '../../server/upstream/http-upstream.ts';
import type { OAuthOptions } from '../../server/oauth/oauth-options.ts';

/** A JSON-RPC answer as a test reads it. */
export type Answer = JSONRPCMessage & { result?: Record<string, unknown>; error?: unknown };

/**
 * An HTTP upstream to an OAuth-protected MCP server (not started), with what it reported and a way to
 * ask it: the setup every OAuth upstream test shares. An answer that never comes is bounded by the
 * test's timeout.
 */
export function oauthUpstream(url: string, oauth?: OAuthOptions) {
  const upstream = new HttpUpstream({ transport: 'http', url }, oauth ? { oauth } : {});
  const events: BridgeEvent[] = [];
  const bodies: string[] = [];
  const answers = new Map<number, (message: JSONRPCMessage) => void>();
  upstream.onevent = (event) => events.push(event);
  upstream.onmessage = (message, text) => {
    bodies.push(text);
    if ('id' in message && !('method' in message)) answers.get(Number(message.id))?.(message);
  };
  let nextId = 1;
  /** Sends a request and waits for its answer. */
  const ask = async (method: string, params: Record<string, unknown> = {}): Promise<Answer> => {
    const id = nextId++;
    const answer = new Promise<JSONRPCMessage>((resolve) => answers.set(id, resolve));
    const message = { jsonrpc: '2.0' as const, id, method, params };
    await upstream.send(message, JSON.stringify(message));
    return (await answer) as Answer;
  };
  /** Starts the upstream and sends `initialize`; its answer. */
  const initialize = async (clientName = 'oauth-test'): Promise<Answer> => {
    await upstream.start();
    return ask('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: clientName, version: '0' },
    });
  };
  /** The OAuth steps reported so far. */
  const steps = () =>
    events.flatMap((event) => (event.kind === 'oauth-step' ? [event.step] : [])) as OAuthStep[];
  /** Everything the upstream reported (events and message bodies), for "no secret in it" checks. */
  const reported = () => JSON.stringify(events) + bodies.join('');
  return { upstream, events, ask, initialize, steps, reported };
}
