import type { HostedConfig } from './load-config.ts';

/** What a reload does with a new config: the config in force after it, and which keys changed. */
export interface ReloadPlan {
  /** The new config, with the keys that need a restart kept as they run now. */
  config: HostedConfig;
  /** Keys whose change takes effect now. */
  applied: string[];
  /** Keys that changed in the file but keep their running value until the next start. */
  restart: string[];
}

/**
 * Keys a running bridge takes from a reloaded config. Everything else (addresses and ports, the
 * store, cookie secrets, user URLs, chat, the audit file, the size limits its sockets and recording
 * writers were built with) is read once at start.
 */
const RELOADED = [
  'auth.tokens',
  'auth.trustedHeader',
  'auth.admins',
  'catalog',
  'limits.connectionsPerUser',
  'limits.connectionsTotal',
  'limits.stdioProcessesTotal',
  'limits.idleConnectionSeconds',
  'limits.toolCallsPerMinute',
  'limits.sendBytesPerMinute',
  'limits.socketsPerUser',
  'sharing',
  'store.retentionDays',
  'store.outageBufferBytes',
  'metrics.users',
  'log.level',
] as const;

/** Keys compared one level down: the sections where some keys reload and others do not. */
const SPLIT_SECTIONS = new Set(['auth', 'limits', 'store', 'metrics', 'log']);

/** Plans the reload of `running` to `next`; pure, so what reloads is tested apart from the bridge. */
export function planReload(running: HostedConfig, next: HostedConfig): ReloadPlan {
  const applied: string[] = [];
  const restart: string[] = [];
  for (const key of changedKeys(running, next))
    (isReloaded(key) ? applied : restart).push(key === 'sessionSecrets' ? 'auth.session.secrets' : key);
  const config: HostedConfig = {
    ...running,
    auth: {
      ...next.auth,
      session: running.auth.session,
    },
    catalog: next.catalog,
    limits: {
      ...next.limits,
      maxMessageBytes: running.limits.maxMessageBytes,
      recordingBytesPerUser: running.limits.recordingBytesPerUser,
      recordedFrameBytes: running.limits.recordedFrameBytes,
    },
    sharing: next.sharing,
    store: {
      ...running.store,
      retentionDays: next.store.retentionDays,
      outageBufferBytes: next.store.outageBufferBytes,
    },
    metrics: { ...running.metrics, users: next.metrics.users },
    log: { ...running.log, level: next.log.level },
  };
  return { config, applied, restart: [...new Set(restart)] };
}

function isReloaded(key: string): boolean {
  return RELOADED.some((reloaded) => key === reloaded || key.startsWith(`${reloaded}.`));
}

/** The keys (`section` or `section.key`) whose values differ. */
function changedKeys(running: HostedConfig, next: HostedConfig): string[] {
  const keys = new Set([...Object.keys(running), ...Object.keys(next)]);
  const changed: string[] = [];
  for (const key of keys) {
    const before = (running as unknown as Record<string, unknown>)[key];
    const after = (next as unknown as Record<string, unknown>)[key];
    if (SPLIT_SECTIONS.has(key) && isObject(before) && isObject(after)) {
      for (const inner of new Set([...Object.keys(before), ...Object.keys(after)]))
        if (!same(before[inner], after[inner])) changed.push(`${key}.${inner}`);
    } else if (!same(before, after)) changed.push(key);
  }
  return changed;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Map);
}

/** Deep equality of config values (plain JSON, and the catalog's Map). */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a, mapsAsEntries) === JSON.stringify(b, mapsAsEntries);
}

function mapsAsEntries(_key: string, value: unknown): unknown {
  return value instanceof Map ? [...value.entries()] : value;
}

/** The catalog entries of `running` that `next` removed or changed, by name. */
export function catalogChanges(
  running: HostedConfig,
  next: HostedConfig,
): { removed: string[]; changed: string[] } {
  const removed: string[] = [];
  const changed: string[] = [];
  for (const [name, entry] of running.catalog) {
    const now = next.catalog.get(name);
    if (!now) removed.push(name);
    else if (!same(entry, now)) changed.push(name);
  }
  return { removed, changed };
}
