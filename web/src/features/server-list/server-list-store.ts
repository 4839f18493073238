import { Store } from '#client/lib/store.ts';
import { loadJson, onStorageChange, saveJson } from '#client/lib/local-storage.ts';
import { parseServerConfigJson, type NamedTarget } from '#shared/server-config.ts';
import type { ServerTarget } from '#shared/targets.ts';

/** The servers the user saved, in the order they were added. */
export interface ServerListState {
  servers: readonly NamedTarget[];
}

const STORAGE_KEY = 'toolscope.servers';

/**
 * Saved servers ({name, target}), kept in localStorage. Names are unique: adding a name that is
 * taken gets a " (2)" suffix, so an import never silently replaces a server.
 */
export class ServerListStore extends Store<ServerListState> {
  constructor(
    /** null keeps the list in memory only (tests). */
    private readonly storageKey: string | null = STORAGE_KEY,
  ) {
    super({ servers: storageKey ? readServers(storageKey) : [] });
    if (storageKey) onStorageChange(storageKey, () => this.update({ servers: readServers(storageKey) }));
  }

  /** Adds servers; returns the names they were saved under. */
  add(servers: readonly NamedTarget[]): string[] {
    const list = [...this.get().servers];
    const names: string[] = [];
    for (const server of servers) {
      const name = uniqueName(server.name.trim() || 'server', list);
      list.push({ name, target: server.target });
      names.push(name);
    }
    this.save(list);
    return names;
  }

  /** Renames a server; returns a problem when the new name is empty or taken. */
  rename(from: string, to: string): string | undefined {
    const name = to.trim();
    if (!name) return 'A name is required';
    if (name === from) return undefined;
    if (this.get().servers.some((s) => s.name === name)) return `"${name}" is already saved`;
    this.save(this.get().servers.map((s) => (s.name === from ? { ...s, name } : s)));
    return undefined;
  }

  remove(name: string): void {
    this.save(this.get().servers.filter((s) => s.name !== name));
  }

  find(name: string): NamedTarget | undefined {
    return this.get().servers.find((s) => s.name === name);
  }

  private save(servers: NamedTarget[]): void {
    this.update({ servers });
    if (this.storageKey) saveJson(this.storageKey, { servers: Object.fromEntries(servers.map(toEntry)) });
  }
}

// Stored as a VS Code-like object of targets, and read back through the shared parser, so a
// hand-edited or stale entry in localStorage is dropped instead of crashing the list.
function toEntry({ name, target }: NamedTarget): [string, unknown] {
  return [name, { type: target.transport, ...target }];
}

function readServers(key: string): NamedTarget[] {
  return parseServerConfigJson(loadJson<unknown>(key, null)).servers;
}

function uniqueName(name: string, list: readonly NamedTarget[]): string {
  const taken = new Set(list.map((s) => s.name));
  if (!taken.has(name)) return name;
  let n = 2;
  while (taken.has(`${name} (${n})`)) n++;
  return `${name} (${n})`;
}

/** A short default name for a target: the script or command for stdio, the host for a URL. */
export function nameForTarget(target: ServerTarget): string {
  if (target.transport !== 'stdio') {
    try {
      return new URL(target.url).host || 'server';
    } catch {
      return 'server';
    }
  }
  // `node build/index.js` is better named by the script than by `node`.
  const script = [...target.args].reverse().find((arg) => !arg.startsWith('-') && /[./\\]/.test(arg));
  const word = (script ?? target.command).split(/[/\\]/).pop() ?? '';
  return word.replace(/\.(m?[jt]s|py|exe)$/, '') || 'server';
}

let shared: ServerListStore | undefined;

/** The page's one saved-server list, created on first use so tests and SSR never touch storage. */
export function savedServers(): ServerListStore {
  shared ??= new ServerListStore();
  return shared;
}
