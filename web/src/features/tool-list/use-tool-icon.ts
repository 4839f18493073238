import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { resolveIcon, type IconResolution } from './resolve-icon.ts';
import type { PageTheme } from './icon-policy.ts';

const browserEnvironment = {
  fetch: (input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init),
  createObjectURL: (blob: Blob) => URL.createObjectURL(blob),
};

/**
 * The icon to draw for a tool at `size` CSS pixels, following the page's theme; undefined while loading or
 * when the tool has no icons. The resolution also says why icons were not shown.
 */
export function useToolIcon(tool: Tool, size: number): IconResolution | undefined {
  const icons = (tool as { icons?: unknown }).icons;
  const theme = usePageTheme();
  const sizePx = Math.ceil(size * (globalThis.devicePixelRatio || 1));
  const [resolved, setResolved] = useState<{ icons: unknown; theme: string; resolution: IconResolution }>();
  useEffect(() => {
    if (icons === undefined) return;
    let current = true;
    void resolveIcon(icons, { theme, sizePx }, browserEnvironment).then((resolution) => {
      if (current) setResolved({ icons, theme, resolution });
    });
    return () => {
      current = false;
    };
  }, [icons, theme, sizePx]);
  if (icons === undefined) return undefined;
  return resolved?.icons === icons && resolved.theme === theme ? resolved.resolution : undefined;
}

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
