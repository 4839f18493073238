import type { ServerTarget } from '#shared/targets.ts';
import { HttpUpstream, type HttpUpstreamOptions } from './http-upstream.ts';
import { StdioUpstream } from './stdio-upstream.ts';
import type { Upstream } from './upstream.ts';

/**
 * How an upstream reaches its server, besides the target itself (hosted mode passes an
 * address-checking fetch), and `oauth`: how to sign in when an HTTP server asks for OAuth.
 */
export type UpstreamOptions = HttpUpstreamOptions;

/** Creates the upstream for a target; call `start()` on it after attaching handlers. */
export function createUpstream(target: ServerTarget, options: UpstreamOptions = {}): Upstream {
  return target.transport === 'stdio' ? new StdioUpstream(target) : new HttpUpstream(target, options);
}
