import { Store } from '#client/lib/store.ts';
import { loadJson, onStorageChange, saveJson } from '#client/lib/local-storage.ts';
import { parseSavedRequestsFile, buildSavedRequestsFile, type SavedRequest } from './saved-request.ts';

/** State of the saved-requests store. */
export interface SavedRequestsState {
  requests: SavedRequest[];
}

/** What to save; the store gives it an id and a time. */
export type NewSavedRequest = Omit<SavedRequest, 'id' | 'savedAt'>;

const STORAGE_KEY = 'toolscope.saved-requests';

function newId(): string {
  return (
    globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
  );
}

/** Named requests the user keeps across reloads (localStorage), with import and export. */
export class SavedRequests extends Store<SavedRequestsState> {
  constructor(private readonly storageKey = STORAGE_KEY) {
    super({ requests: readRequests(storageKey) });
    onStorageChange(storageKey, () => this.update({ requests: readRequests(storageKey) }));
  }

  /** Saves a request; returns it with its new id. */
  add(request: NewSavedRequest): SavedRequest {
    const saved: SavedRequest = {
      ...request,
      name: request.name.trim(),
      group: request.group.trim(),
      id: newId(),
      savedAt: Date.now(),
    };
    this.commit([...this.get().requests, saved]);
    return saved;
  }

  rename(id: string, name: string): void {
    const trimmed = name.trim();
    if (!trimmed) return;
    this.commit(this.get().requests.map((r) => (r.id === id ? { ...r, name: trimmed } : r)));
  }

  remove(id: string): void {
    this.commit(this.get().requests.filter((r) => r.id !== id));
  }

  /** Adds the requests of an import file; entries whose id is already saved are skipped. */
  importFile(text: string): { added: number; skipped: number } | { error: string } {
    const parsed = parseSavedRequestsFile(text);
    if ('error' in parsed) return parsed;
    const known = new Set(this.get().requests.map((r) => r.id));
    const fresh = parsed.requests.filter((r) => {
      if (known.has(r.id)) return false;
      known.add(r.id); // Duplicates inside the same file count once too.
      return true;
    });
    this.commit([...this.get().requests, ...fresh]);
    return { added: fresh.length, skipped: parsed.requests.length - fresh.length };
  }

  /** The export file text of every saved request. */
  exportFile(): string {
    return JSON.stringify(buildSavedRequestsFile(this.get().requests), null, 2);
  }

  private commit(requests: SavedRequest[]): void {
    this.update({ requests });
    saveJson(this.storageKey, buildSavedRequestsFile(requests));
  }
}

function readRequests(storageKey: string): SavedRequest[] {
  // Stored data goes through the same validation as an import, so a hand-edited entry cannot break the tab.
  const stored = parseSavedRequestsFile(JSON.stringify(loadJson<unknown>(storageKey, null)));
  return 'requests' in stored ? stored.requests : [];
}
