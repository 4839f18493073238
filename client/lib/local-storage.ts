/** Reads a JSON value from localStorage; a missing, unreadable or blocked entry gives `fallback`. */
export function loadJson<T>(key: string, fallback: T): T {
  try {
    const text = globalThis.localStorage?.getItem(key);
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

/** Writes a JSON value to localStorage; quota or privacy errors are ignored (the UI keeps working). */
export function saveJson(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: state lives on in memory for this page.
  }
}

/**
 * Calls `listener` when another tab of this origin changes (or clears) `key`, so stores kept in
 * localStorage stay the same in every tab. The browser fires this only in the other tabs.
 */
export function onStorageChange(key: string, listener: () => void): void {
  globalThis.addEventListener?.('storage', (event: StorageEvent) => {
    if (event.key === key || event.key === null) listener();
  });
}
