import type { ProtocolEra } from '@modelcontextprotocol/client';

/** The revision that made these rules (the stateless core, SEP-2575 and the deprecations of SEP-2577/2596). */
export const MODERN_REVISION = '2026-07-28';

/** Features 2026-07-28 deprecates but still allows (earliest removal in a revision on or after 2027-07-28). */
export type DeprecatedFeature = 'roots' | 'sampling' | 'logging' | 'http+sse';

const DEPRECATIONS: Record<DeprecatedFeature, string> = {
  roots: 'Roots are deprecated in 2026-07-28 (SEP-2577): servers should take paths as tool arguments.',
  sampling:
    'Sampling is deprecated in 2026-07-28 (SEP-2577): servers should call a model themselves; a modern server asks through input_required.',
  logging:
    'Logging is deprecated in 2026-07-28 (SEP-2577): a server logs only for requests that set a log level in _meta.',
  'http+sse':
    'The HTTP+SSE transport is deprecated in 2026-07-28 (SEP-2596): servers should serve Streamable HTTP.',
};

/** Requests 2026-07-28 removed: sending one on a modern connection fails, so the page does not offer it. */
export type RemovedRequest = 'ping' | 'logging/setLevel';

const REMOVALS: Record<RemovedRequest, string> = {
  ping: 'ping was removed in 2026-07-28: the protocol is stateless, so there is no connection to keep alive. Any request (tools/list) shows the server answers.',
  'logging/setLevel':
    'logging/setLevel was removed in 2026-07-28: each request carries its own log level in _meta (io.modelcontextprotocol/logLevel).',
};

/** Why `feature` is marked deprecated, on a modern connection; undefined otherwise. */
export function deprecationUnder(
  era: ProtocolEra | undefined,
  feature: DeprecatedFeature,
): string | undefined {
  return era === 'modern' ? DEPRECATIONS[feature] : undefined;
}

/** Why a feature is deprecated in 2026-07-28, whatever the era (for settings made before connecting). */
export function deprecationOf(feature: DeprecatedFeature): string {
  return DEPRECATIONS[feature];
}

/** Why `request` cannot be sent on a connection of `era`; undefined when it can. */
export function removedUnder(era: ProtocolEra | undefined, request: RemovedRequest): string | undefined {
  return era === 'modern' ? REMOVALS[request] : undefined;
}
