import { InMemoryTransport, type Transport } from '@modelcontextprotocol/client';
import type { ServerTarget } from '#shared/targets.ts';
import { McpSession, type McpSessionOptions } from '#client/session/mcp-session.ts';
import { StampingTransport } from '#client/transport/stamping-transport.ts';

/** What the session's tests need of an SDK server: that it connects to one end of a transport pair. */
export interface InMemoryServer {
  connect(transport: Transport): Promise<void>;
}

/** The target an in-memory session connects to: any target would do, the transport ignores it. */
export const IN_MEMORY_TARGET: ServerTarget = { transport: 'stdio', command: 'in-memory', args: [] };

/**
 * For tests: a session whose every connect reaches an SDK server through an in-memory transport
 * pair, its frames stamped as the bridge stamps them, so the session runs in Node without a
 * bridge. `server` is one server for every connect, or a function making one per connect.
 */
export function inMemorySession(
  server: InMemoryServer | (() => InMemoryServer),
  options: Omit<McpSessionOptions, 'createTransport'> = {},
): McpSession {
  return new McpSession({
    ...options,
    createTransport: () => {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      void (typeof server === 'function' ? server() : server).connect(serverSide);
      return new StampingTransport(clientSide);
    },
  });
}

/** For tests: {@link inMemorySession}, connected under the legacy era (no probe). */
export async function connectedInMemory(server: InMemoryServer): Promise<McpSession> {
  const session = inMemorySession(server);
  await session.connect({ ...IN_MEMORY_TARGET, era: 'legacy' });
  return session;
}
