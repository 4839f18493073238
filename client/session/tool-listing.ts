import type { Client } from '@modelcontextprotocol/client';
import type { ServerTarget } from '#shared/targets.ts';
import type { Store } from '../lib/store.ts';
import { describeError } from './call-failure.ts';
import { setAsideInvalidHeaderTools } from '../tools/header-tools.ts';
import { listAllTools } from '../tools/list-all-tools.ts';
import { ListCache, type ListFreshness } from './list-cache.ts';
import { reusableToolsPage, targetCacheKey } from './session-wire.ts';
import type { SessionState } from './session-types.ts';

/** What the tool listing reads from its session. */
export interface ToolListingHost {
  state: Store<SessionState>;
  /** The current connection's client, if connected. */
  client: () => Client | undefined;
  /** The current connection's number, bumped on every connect. */
  generation: () => number;
}

/**
 * The session's tool list: every page of `tools/list`, at most one listing in flight (plus one
 * after it), pages kept by their cache hints across connections to the same target, and tools
 * with an invalid `x-mcp-header` set apart on modern HTTP connections.
 */
export class ToolListing {
  /** List pages kept by their cache hints (tools, resources, prompts), for one target at a time. */
  readonly cache = new ListCache();
  private cachedTarget: string | undefined;
  private listing: Promise<void> | undefined;
  private listAgain = false;
  /** A Refresh was asked for while a listing ran: the next listing bypasses the cache. */
  private bypassAgain = false;
  /** The connection whose bridge saw a tools/list answer go by (it reads x-mcp-header from them). */
  private listedOnWire = -1;

  constructor(private readonly host: ToolListingHost) {}

  /** A connection to `target` starts: the cache is kept for the same target and era, dropped for another. */
  useTarget(target: ServerTarget): void {
    const key = listingCacheKey(target);
    if (key !== this.cachedTarget) this.cache.clear();
    this.cachedTarget = key;
  }

  /** Lists all tools again; fresh cached pages answer unless `fresh` (the Refresh button). */
  async refresh({ fresh = false }: { fresh?: boolean } = {}): Promise<void> {
    // A burst of list_changed notifications costs at most one listing in flight plus one after it.
    if (this.listing) {
      this.listAgain = true;
      this.bypassAgain ||= fresh;
      return this.listing;
    }
    this.listing = this.listOnce(fresh);
    try {
      await this.listing;
    } finally {
      this.listing = undefined;
    }
    if (this.listAgain) {
      const again = this.bypassAgain;
      this.listAgain = false;
      this.bypassAgain = false;
      await this.refresh({ fresh: again });
    }
  }

  private async listOnce(fresh: boolean): Promise<void> {
    const { state } = this.host;
    const client = this.host.client();
    if (!client) return;
    const generation = this.host.generation();
    state.update({ toolsLoading: true, toolsError: undefined });
    try {
      let freshness: ListFreshness | undefined;
      const transport = state.get().target?.transport;
      const reuse = reusableToolsPage(transport, this.listedOnWire === generation);
      const listed = await listAllTools(client, undefined, undefined, async (cursor, fetch) => {
        const page = await this.cache.page('tools/list', cursor, fetch, { bypass: fresh, reuse });
        if (!page.freshness.fromCache) this.listedOnWire = generation;
        freshness ??= page.freshness;
        return page.result;
      });
      // HTTP clients of 2026-07-28 must not offer tools with invalid x-mcp-header declarations.
      const modernHttp = client.getProtocolEra() === 'modern' && transport !== 'stdio';
      const { tools, excluded } = setAsideInvalidHeaderTools(listed, modernHttp);
      if (generation === this.host.generation())
        state.update({ tools, excludedTools: excluded, toolsFreshness: freshness, toolsLoading: false });
    } catch (error) {
      if (generation === this.host.generation())
        state.update({ toolsLoading: false, toolsError: describeError(error) });
    }
  }
}

/**
 * Which connections share cached list pages: the same target under the same era choice. A list fetched in
 * 2026-07-28 is not the answer to a Legacy connection: someone testing back-compat wants to see the server
 * list its tools in the old revision.
 */
export function listingCacheKey(target: ServerTarget): string {
  return `${target.era ?? 'auto'}\n${targetCacheKey(target)}`;
}
