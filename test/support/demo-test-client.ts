/**
 * Test helper: connects an SDK Client to a fresh demo server over an in-memory transport pair
 * (the 2025 era: the SDK's in-memory pair carries no other) and keeps every message the server
 * sends, so tests can make assertions about what actually went over the wire.
 */
import {
  Client,
  InMemoryTransport,
  type ClientOptions,
  type JSONRPCMessage,
} from '@modelcontextprotocol/client';
import { createDemoServer } from '../../server/demo/create-demo-server.ts';
import { DemoState } from '../../server/demo/demo-state.ts';

/** A connected client plus the raw server→client message log. */
export interface DemoConnection {
  client: Client;
  sentByServer: JSONRPCMessage[];
  state: DemoState;
  close: () => Promise<void>;
}

/** Connects a new client (with `options`, e.g. capabilities) to a new demo server. */
export async function connectDemoClient(options: ClientOptions = {}): Promise<DemoConnection> {
  const state = new DemoState();
  const server = createDemoServer({ state });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const sentByServer: JSONRPCMessage[] = [];
  const send = serverTransport.send.bind(serverTransport);
  serverTransport.send = (message, sendOptions) => {
    sentByServer.push(message);
    return send(message, sendOptions);
  };
  const client = new Client({ name: 'demo-test-client', version: '0.0.0' }, options);
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  return {
    client,
    sentByServer,
    state,
    close: async () => {
      await client.close();
      await server.close();
      state.close();
    },
  };
}
