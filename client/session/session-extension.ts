import type { Client } from '@modelcontextprotocol/client';
import type { ClientCapabilities } from '@modelcontextprotocol/client';
import type { InputRequest } from '../tasks/task-extension.ts';

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
  /** `_meta` entries for the requests of a call (the 2026-07-28 per-request log level). */
  requestMeta?(): Record<string, unknown> | undefined;
  /** Answers the input requests of an `input_required` result or a waiting task (2026-07-28). */
  answerInputRequests?(
    requests: Record<string, InputRequest>,
    signal?: AbortSignal,
  ): Promise<Record<string, unknown>>;
}

/**
 * The capabilities every extension declares, merged: `extensions` (2026-07-28 extension ids) is
 * merged key by key, so features that each declare an extension do not overwrite each other.
 */
export function declaredCapabilities(extensions: readonly SessionExtension[]): ClientCapabilities {
  const merged: Record<string, unknown> = {};
  let extensionIds: Record<string, unknown> | undefined;
  for (const extension of extensions) {
    const declared = (extension.capabilities?.() ?? {}) as Record<string, unknown>;
    const { extensions: ids, ...rest } = declared;
    Object.assign(merged, rest);
    if (ids && typeof ids === 'object') extensionIds = { ...extensionIds, ...ids };
  }
  return (extensionIds ? { ...merged, extensions: extensionIds } : merged) as ClientCapabilities;
}
