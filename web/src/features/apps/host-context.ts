import type { McpUiHostContext, McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { Tool } from '@modelcontextprotocol/client';

/** The page's theme now: it follows the system, as the page's own styles do. */
export function pageTheme(): 'light' | 'dark' {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

/** Toolscope's palette (Tailwind's slate and indigo) as the extension's style variables, per theme. */
export function styleVariables(theme: 'light' | 'dark'): Record<string, string> {
  const dark = theme === 'dark';
  return {
    '--color-background-primary': dark ? '#020617' : '#ffffff',
    '--color-background-secondary': dark ? '#0f172a' : '#f8fafc',
    '--color-text-primary': dark ? '#f1f5f9' : '#0f172a',
    '--color-text-secondary': dark ? '#94a3b8' : '#475569',
    '--color-border-primary': dark ? '#334155' : '#cbd5e1',
    '--color-ring-primary': '#6366f1',
    '--font-sans': 'ui-sans-serif, system-ui, sans-serif',
    '--font-mono': 'ui-monospace, SFMono-Regular, Menlo, monospace',
    '--border-radius-md': '6px',
  };
}

/** The theme fields of the host context, as the page shows now. */
export function themeContext(): Pick<McpUiHostContext, 'theme' | 'styles'> {
  const theme = pageTheme();
  // Hosts may send any subset of the variables; the type lists them all.
  return { theme, styles: { variables: styleVariables(theme) as StyleVariables } };
}

type StyleVariables = NonNullable<McpUiHostContext['styles']>['variables'];

/** The context a View gets in `ui/initialize` (and, in part, in host-context-changed). */
export function hostContext(options: {
  tool: Tool;
  displayMode: McpUiDisplayMode;
  width: number;
  maxHeight: number;
}): McpUiHostContext {
  return {
    toolInfo: { tool: options.tool },
    ...themeContext(),
    displayMode: options.displayMode,
    availableDisplayModes: ['inline', 'fullscreen'],
    containerDimensions: { width: Math.round(options.width), maxHeight: Math.round(options.maxHeight) },
    locale: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    userAgent: 'Toolscope',
    platform: 'web',
  };
}
