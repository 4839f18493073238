import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  type ClientCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import type { SessionExtension } from '../../mcp/session-extension.ts';
import { Store } from '../../lib/store.ts';
import {
  toClientCapabilities,
  type CapabilityFlags,
  type CapabilitySettings,
} from './capability-settings.ts';
import type { RootsStore } from './roots-store.ts';
import type { ServerRequestQueue } from './server-request-queue.ts';

/** What the current connection declared, so the UI can say when settings differ from it. */
export interface DeclaredState {
  declared: CapabilityFlags | undefined;
}

/**
 * Answers the server's sampling, elicitation and roots requests. Each feature is declared and
 * handled only while enabled in the settings: the SDK refuses a handler for an undeclared
 * capability, and servers (server-everything among them) only offer tools whose requests the
 * client declared it can answer.
 */
export class ServerRequestsExtension extends Store<DeclaredState> implements SessionExtension {
  private client: Client | undefined;
  /** The flags of the connection being set up, taken once so capabilities and handlers agree. */
  private pendingFlags: CapabilityFlags | undefined;

  constructor(
    private readonly settings: CapabilitySettings,
    private readonly queue: ServerRequestQueue,
    private readonly roots: RootsStore,
  ) {
    super({ declared: undefined });
    let lastRoots = roots.get().roots;
    roots.subscribe(() => {
      if (roots.get().roots === lastRoots) return;
      lastRoots = roots.get().roots;
      this.announceRootsChange();
    });
  }

  capabilities(): ClientCapabilities {
    this.pendingFlags = { ...this.settings.get() };
    return toClientCapabilities(this.pendingFlags);
  }

  attach(client: Client): void {
    const flags = this.pendingFlags ?? { ...this.settings.get() };
    this.pendingFlags = undefined;
    this.client = client;
    this.update({ declared: flags });
    if (flags.sampling) {
      client.setRequestHandler(CreateMessageRequestSchema, (request, extra) =>
        this.queue.askSampling(request.params, extra),
      );
    }
    if (flags.elicitation) {
      client.setRequestHandler(ElicitRequestSchema, (request, extra) =>
        this.queue.askElicitation(request.params, extra),
      );
    }
    if (flags.roots) {
      client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [...this.roots.get().roots] }));
    }
  }

  detach(): void {
    this.client = undefined;
    this.update({ declared: undefined });
    this.queue.clear('The connection ended before the request was answered');
  }

  /** Tells the server its roots changed, when this connection declared roots. */
  private announceRootsChange(): void {
    const client = this.client;
    if (!client?.transport || !this.get().declared?.roots) return;
    // A closed or closing connection cannot be told; the next one asks for the list anyway.
    client.sendRootsListChanged().catch(() => {});
  }
}
