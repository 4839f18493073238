import { useSyncExternalStore } from 'react';
import type { PageTheme } from './icon-policy.ts';

const QUERY = '(prefers-color-scheme: dark)';

function subscribe(listener: () => void): () => void {
  const media = globalThis.matchMedia?.(QUERY);
  media?.addEventListener('change', listener);
  return () => media?.removeEventListener('change', listener);
}

/** The page's theme; it follows the system's colour scheme, as the page's dark styles do. */
export function usePageTheme(): PageTheme {
  return useSyncExternalStore(
    subscribe,
    () => (globalThis.matchMedia?.(QUERY).matches ? 'dark' : 'light'),
    () => 'light',
  );
}
