/**
 * Test helper: connects an SDK Client to a fresh demo server over an
 * in-memory transport pair and keeps every message the server sends, so
 * tests can make assertions about what actually went over the wire.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { createDemoServer } from '../../server/demo/create-demo-server.ts';

/** A connected client plus the raw server→client message log. */
export interface DemoConnection {
  client: Client;
  sentByServer: JSONRPCMessage[];
  close: () => Promise<void>;
}

/** Connects a new client to a new demo server. */
export async function connectDemoClient(): Promise<DemoConnection> {
  const server = createDemoServer();
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const sentByServer: JSONRPCMessage[] = [];
  const send = serverTransport.send.bind(serverTransport);
  serverTransport.send = (message, options) => {
    sentByServer.push(message);
    return send(message, options);
  };
  const client = new Client({ name: 'demo-test-client', version: '0.0.0' });
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  return {
    client,
    sentByServer,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
