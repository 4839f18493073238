import type {
  DiscoverResult,
  Implementation,
  ProtocolEra,
  ServerCapabilities,
} from '@modelcontextprotocol/client';

/** What a connection learnt about its server when it opened: who it is, the revision and era it speaks, and what it declared. */
export interface ServerDetails {
  info: Implementation;
  /** The negotiated revision, e.g. `2026-07-28` or `2025-11-25`. */
  protocolVersion: string;
  /**
   * `modern` (2026-07-28, stateless, `server/discover`) or `legacy` (the `initialize` handshake);
   * absent in session files and recordings made before Toolscope knew eras.
   */
  era?: ProtocolEra;
  /** What the server declared in `server/discover` (modern era only). */
  discover?: DiscoverResult;
  capabilities: ServerCapabilities;
  instructions?: string;
}
