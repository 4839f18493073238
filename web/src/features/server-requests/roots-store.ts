import type { Root } from '@modelcontextprotocol/client';
import { Store } from '#client/lib/store.ts';
import { loadJson, saveJson } from '#client/lib/local-storage.ts';

/** The roots offered to servers, in the user's order. */
export interface RootsState {
  roots: readonly Root[];
}

const STORAGE_KEY = 'toolscope.roots';

/**
 * Why `uri` cannot be a root, or undefined when it can. The spec allows only file:// URIs, and a
 * root names a directory on this machine, so it needs a path.
 */
export function rootUriProblem(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri.trim());
  } catch {
    return 'Not a URI; write it like file:///home/me/project';
  }
  if (url.protocol !== 'file:') return 'A root must be a file:// URI';
  if (url.pathname === '' || url.pathname === '/') return 'Name a directory, not just file:///';
  return undefined;
}

/**
 * The roots the client answers roots/list with, kept in localStorage. Entries are checked on the
 * way in, so servers never see a malformed root.
 */
export class RootsStore extends Store<RootsState> {
  constructor(
    /** null keeps the state in memory only. */
    private readonly storageKey: string | null = STORAGE_KEY,
  ) {
    super({ roots: storageKey ? readRoots(storageKey) : [] });
  }

  /** Adds a root; returns the problem instead when the URI is not acceptable or already listed. */
  add(uri: string, name?: string): string | undefined {
    const problem = rootUriProblem(uri);
    if (problem) return problem;
    const href = new URL(uri.trim()).href;
    if (this.get().roots.some((root) => root.uri === href)) return 'This root is already listed';
    const trimmedName = name?.trim();
    this.save([...this.get().roots, { uri: href, ...(trimmedName ? { name: trimmedName } : {}) }]);
    return undefined;
  }

  /** Removes the root with this URI. */
  remove(uri: string): void {
    this.save(this.get().roots.filter((root) => root.uri !== uri));
  }

  private save(roots: Root[]): void {
    this.update({ roots });
    if (this.storageKey) saveJson(this.storageKey, roots);
  }
}

/** Stored roots that are still valid; anything else in storage is dropped. */
function readRoots(key: string): Root[] {
  const raw = loadJson<unknown>(key, []);
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item: unknown) => {
    const root = item as Partial<Root> | null;
    if (typeof root?.uri !== 'string' || rootUriProblem(root.uri)) return [];
    return [{ uri: root.uri, ...(typeof root.name === 'string' ? { name: root.name } : {}) }];
  });
}
