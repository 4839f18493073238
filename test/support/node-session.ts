import { WebSocket as NodeWebSocket } from 'ws';
import { McpSession } from '#client/session/mcp-session.ts';
import { BridgeSocket, bridgeSocketUrl } from '#client/transport/bridge-socket.ts';
import { BridgeTransport } from '#client/transport/bridge-transport.ts';
import type { EraMemory } from '#client/era/era-memory.ts';

// Node 20 has no global WebSocket; `ws` offers the same event-target API the browser code uses.
(globalThis as { WebSocket?: unknown }).WebSocket ??= NodeWebSocket;

/** The browser's session code, run in Node against a bridge at `origin`. */
export function createNodeSession(
  origin: string,
  token: string,
  options: { stdioProbeTimeoutMs?: number; eraMemory?: EraMemory } = {},
): McpSession {
  const url = new URL(origin);
  return new McpSession({
    ...options,
    createTransport: (target) => new BridgeTransport(new BridgeSocket(bridgeSocketUrl(url, token)), target),
  });
}

/** Polls `check` every 20 ms for up to `ms`; throws with `what` if it never holds. */
export async function waitFor(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
