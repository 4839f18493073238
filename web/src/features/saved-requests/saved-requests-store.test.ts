import { beforeEach, describe, expect, it } from 'vitest';
import { SavedRequests } from './saved-requests-store.ts';

/** A Map-backed localStorage, so the store's persistence is exercised for real. */
function installStorage(): Map<string, string> {
  const data = new Map<string, string>();
  const storage = {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
  return data;
}

const hello = { name: ' Hello ', group: 'Greetings', server: 'demo', tool: 'echo', args: { message: 'hi' } };

describe('SavedRequests', () => {
  beforeEach(() => {
    installStorage();
  });

  it('adds, renames and removes, and persists across instances', () => {
    const store = new SavedRequests();
    const saved = store.add(hello);
    expect(saved).toMatchObject({ name: 'Hello', group: 'Greetings', tool: 'echo' });
    store.rename(saved.id, 'Hi there');
    expect(new SavedRequests().get().requests).toEqual([{ ...saved, name: 'Hi there' }]);
    store.rename(saved.id, '   '); // A blank name is ignored rather than saved.
    expect(store.get().requests[0]?.name).toBe('Hi there');
    store.remove(saved.id);
    expect(new SavedRequests().get().requests).toEqual([]);
  });

  it('ignores corrupt stored data', () => {
    localStorage.setItem('toolscope.saved-requests', '{"format":"nope"}');
    expect(new SavedRequests().get().requests).toEqual([]);
  });

  it('exports a file that imports into another store, skipping ids already present', () => {
    const source = new SavedRequests('source');
    const first = source.add(hello);
    source.add({ ...hello, name: 'Other', group: '' });
    const target = new SavedRequests('target');
    expect(target.importFile(source.exportFile())).toEqual({ added: 2, skipped: 0 });
    expect(target.importFile(source.exportFile())).toEqual({ added: 0, skipped: 2 });
    expect(target.get().requests.map((r) => r.id)).toContain(first.id);
    expect(target.get().requests).toHaveLength(2);
  });

  it('reports a bad import and keeps what was saved', () => {
    const store = new SavedRequests();
    store.add(hello);
    expect(store.importFile('{"format":"toolscope-saved-requests","version":1}')).toEqual({
      error: 'requests: expected a list, got nothing',
    });
    expect(store.get().requests).toHaveLength(1);
  });
});
