import type { ClientCapabilities, McpServer, ServerContext } from '@modelcontextprotocol/server';

/** The `_meta` key of the capabilities a 2026-07-28 request declares. */
const CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';

/**
 * What the client of this request declared: in the 2026-07-28 era each request carries its
 * capabilities in `_meta`; in the 2025 era they came with `initialize`.
 */
export function clientCapabilitiesOf(server: McpServer, ctx: ServerContext): ClientCapabilities {
  // The SDK lifts the envelope's keys out of `_meta` into `envelope`, under their own names.
  const declared = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CAPABILITIES_KEY];
  if (declared && typeof declared === 'object') return declared as ClientCapabilities;
  return server.server.getClientCapabilities() ?? {};
}

/** True when the request is served in the 2026-07-28 era (it carries the `_meta` envelope). */
export function isModernRequest(ctx: ServerContext): boolean {
  return ctx.mcpReq.envelope !== undefined;
}
