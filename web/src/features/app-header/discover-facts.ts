import type { DiscoverResult } from '@modelcontextprotocol/client';

/** The `_meta` key that carries the server's name and version on 2026-07-28 results. */
const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';

/** What the page shows of a `server/discover` result, read loosely (servers send what they send). */
export interface DiscoverFacts {
  server?: string;
  supportedVersions: string[];
  capabilities: string[];
  extensions: string[];
  /** How long the result may be reused, and by whom. */
  cache: string;
  instructions?: string;
}

/** Reads the facts of a discover result; missing or odd fields read as absent. */
export function readDiscover(discover: DiscoverResult): DiscoverFacts {
  const raw = discover as unknown as Record<string, unknown>;
  const meta = record(raw._meta);
  const info = record(meta[SERVER_INFO_KEY]);
  const capabilities = record(raw.capabilities);
  const ttl = typeof raw.ttlMs === 'number' ? raw.ttlMs : undefined;
  const scope = typeof raw.cacheScope === 'string' ? raw.cacheScope : undefined;
  return {
    server:
      typeof info.name === 'string'
        ? `${info.name}${typeof info.version === 'string' ? ` ${info.version}` : ''}`
        : undefined,
    supportedVersions: Array.isArray(raw.supportedVersions) ? raw.supportedVersions.map(String) : [],
    capabilities: Object.keys(capabilities).filter((key) => key !== 'extensions'),
    extensions: Object.keys(record(capabilities.extensions)),
    cache:
      ttl === undefined && scope === undefined
        ? '(none)'
        : `${ttl === undefined ? 'no ttlMs' : `ttlMs ${ttl}`}${scope ? `, cacheScope ${scope}` : ''}`,
    instructions: typeof raw.instructions === 'string' ? raw.instructions : undefined,
  };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
