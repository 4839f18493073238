import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ServerTarget } from '#shared/targets.ts';
import { HttpUpstream } from './http-upstream.ts';
import { StdioUpstream } from './stdio-upstream.ts';
import type { Upstream } from './upstream.ts';

/** How an upstream reaches its server, besides the target itself. */
export interface UpstreamOptions {
  /** The fetch an HTTP upstream makes every request with (hosted mode's address-checking fetch); global fetch by default. */
  fetch?: FetchLike;
}

/** Creates the upstream for a target; call `start()` on it after attaching handlers. */
export function createUpstream(target: ServerTarget, options: UpstreamOptions = {}): Upstream {
  return target.transport === 'stdio' ? new StdioUpstream(target) : new HttpUpstream(target, options.fetch);
}
