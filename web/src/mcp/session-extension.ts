import type { Client } from '@modelcontextprotocol/client';
import type { ClientCapabilities } from '@modelcontextprotocol/client';

/**
 * A feature that plugs into every connection of a session: it declares client capabilities
 * (sampling, elicitation, roots…) and registers request or notification handlers on the client.
 * Keeps the session small while features grow beside it.
 */
export interface SessionExtension {
  /** Capabilities to declare in initialize; called on every connect, so settings apply at once. */
  capabilities?(): ClientCapabilities;
  /** Registers handlers on a new client, before it connects. */
  attach(client: Client): void;
  /** The connection ended (drop queued requests and the like). */
  detach?(): void;
}
