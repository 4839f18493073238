import type { McpUiHostContext, McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { Tool } from '@modelcontextprotocol/client';
import { controlledContext, type HostControlsState, type PageFacts } from '../developer/host-controls.ts';

/** The display modes Toolscope can show a View in. */
export const DISPLAY_MODES: readonly McpUiDisplayMode[] = ['inline', 'fullscreen', 'pip'];

/**
 * The page's theme now, as it is drawn: the root element's `dark` class, which the page's Theme combobox
 * sets (and which follows the system while it says System). Not `prefers-color-scheme`: a light page on a
 * dark system is light.
 */
export function pageTheme(): 'light' | 'dark' {
  return typeof document !== 'undefined' && document.documentElement.classList.contains('dark')
    ? 'dark'
    : 'light';
}

/** What the page is now (its theme, the browser's locale, the system's time zone). */
export function pageFacts(): PageFacts {
  return {
    theme: pageTheme(),
    locale: typeof navigator === 'undefined' ? 'en' : navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

/**
 * Calls `changed` whenever the page's theme changes (the root element's class), whoever changed it.
 * Returns the function that stops watching.
 */
export function watchPageTheme(changed: () => void): () => void {
  if (typeof MutationObserver === 'undefined' || typeof document === 'undefined') return () => {};
  let last = pageTheme();
  const observer = new MutationObserver(() => {
    const now = pageTheme();
    if (now === last) return;
    last = now;
    changed();
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

/** The size part of the host context (fixed or maximum width and height). */
export type ContainerDimensions = NonNullable<McpUiHostContext['containerDimensions']>;

/** The context a View gets in `ui/initialize` (and, in part, in host-context-changed). */
export function hostContext(options: {
  tool: Tool;
  displayMode: McpUiDisplayMode;
  container: ContainerDimensions | undefined;
  controls: HostControlsState;
  page: PageFacts;
}): McpUiHostContext {
  return {
    toolInfo: { tool: options.tool },
    ...controlledContext(options.controls, options.page),
    displayMode: options.displayMode,
    availableDisplayModes: [...DISPLAY_MODES],
    ...(options.container ? { containerDimensions: options.container } : {}),
    userAgent: 'Toolscope',
  };
}
