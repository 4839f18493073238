import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import { Store } from '#client/lib/store.ts';
import type { ViewCspMode } from '#shared/view-csp.ts';

/** The size a View's container takes: the Result's width, a device's, or the developer's own. */
export type ContainerSize = 'fill' | 'phone' | 'tablet' | 'desktop' | 'custom';

/** The fixed sizes (CSS pixels): a phone, a tablet and a desktop window, as device emulators offer them. */
export const SIZE_PRESETS: Record<
  Exclude<ContainerSize, 'fill' | 'custom'>,
  { width: number; height: number }
> = {
  phone: { width: 390, height: 844 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1280, height: 800 },
};

/** Safe-area insets in CSS pixels (a phone's notch and home bar). */
export interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * What the page tells Views about the host it plays, chosen by the developer of a View (the host controls):
 * every field reaches an open View as `ui/notifications/host-context-changed`. One set for the page, like a
 * browser's device emulation, so a View reloaded or opened by the next call gets the same host.
 */
export interface HostControlsState {
  /** `page` follows the page's own theme (its Theme combobox, or the system's when that says System). */
  theme: 'page' | 'light' | 'dark';
  /** BCP 47; empty: the browser's. */
  locale: string;
  /** IANA; empty: the system's. */
  timeZone: string;
  size: ContainerSize;
  /** The custom size (used when `size` is `custom`). */
  width: number;
  height: number;
  platform: 'web' | 'desktop' | 'mobile';
  touch: boolean;
  hover: boolean;
  insets: Insets;
  /** The Content-Security-Policy Views run under: as declared (the extension's rule) or relaxed. */
  cspMode: ViewCspMode;
  /** Read a View's resource again when the server says it changed. */
  watch: boolean;
}

export const DEFAULT_HOST_CONTROLS: HostControlsState = {
  theme: 'page',
  locale: '',
  timeZone: '',
  size: 'fill',
  width: 600,
  height: 600,
  platform: 'web',
  touch: false,
  hover: true,
  insets: { top: 0, right: 0, bottom: 0, left: 0 },
  cspMode: 'declared',
  watch: false,
};

/** The host controls of the page (one set for every View). */
export class HostControls extends Store<HostControlsState> {
  constructor(initial: Partial<HostControlsState> = {}) {
    super({ ...DEFAULT_HOST_CONTROLS, ...initial });
  }

  /** Back to the page's own host (the defaults), keeping the watch as it is. */
  reset(): void {
    this.update({ ...DEFAULT_HOST_CONTROLS, watch: this.get().watch });
  }

  /** Whether anything differs from the defaults (the watch aside), for the panel's summary. */
  changed(): string[] {
    const state = this.get();
    const names: string[] = [];
    if (state.theme !== 'page') names.push(state.theme);
    if (state.locale) names.push(state.locale);
    if (state.timeZone) names.push(state.timeZone);
    if (state.size !== 'fill')
      names.push(state.size === 'custom' ? `${state.width}×${state.height}` : state.size);
    if (state.platform !== 'web') names.push(state.platform);
    if (state.touch || !state.hover)
      names.push(`${state.touch ? 'touch' : 'no touch'}, ${state.hover ? 'hover' : 'no hover'}`);
    if (Object.values(state.insets).some((inset) => inset !== 0)) names.push('insets');
    if (state.cspMode === 'relaxed') names.push('relaxed CSP');
    return names;
  }
}

/** The fixed size of the container, when the controls set one (undefined: the Result's width). */
export function fixedSize(state: HostControlsState): { width: number; height: number } | undefined {
  if (state.size === 'fill') return undefined;
  if (state.size === 'custom') return { width: clampSize(state.width), height: clampSize(state.height) };
  return SIZE_PRESETS[state.size];
}

/** Keeps a typed size within what a frame can be. */
export function clampSize(value: number): number {
  return Number.isFinite(value) ? Math.min(Math.max(Math.round(value), 100), 4000) : 600;
}

/** What the page is, for the fields the controls leave to it. */
export interface PageFacts {
  theme: 'light' | 'dark';
  locale: string;
  timeZone: string;
}

/** The host context fields the controls decide (everything but the tool, the display mode and the size). */
export function controlledContext(
  state: HostControlsState,
  page: PageFacts,
): Pick<
  McpUiHostContext,
  'theme' | 'styles' | 'locale' | 'timeZone' | 'platform' | 'deviceCapabilities' | 'safeAreaInsets'
> {
  const theme = state.theme === 'page' ? page.theme : state.theme;
  return {
    theme,
    styles: { variables: styleVariables(theme) as StyleVariables },
    // A tag or zone Intl does not know would break the View's own formatting: the page's is sent instead.
    locale: state.locale.trim() && !checkLocale(state.locale) ? state.locale.trim() : page.locale,
    timeZone: state.timeZone.trim() && !checkTimeZone(state.timeZone) ? state.timeZone.trim() : page.timeZone,
    platform: state.platform,
    deviceCapabilities: { touch: state.touch, hover: state.hover },
    safeAreaInsets: { ...state.insets },
  };
}

type StyleVariables = NonNullable<McpUiHostContext['styles']>['variables'];

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

/** Whether a locale is one `Intl` knows (a typed "xx-YY" that is not is refused with the reason). */
export function checkLocale(value: string): string | undefined {
  if (!value.trim()) return undefined;
  try {
    new Intl.Locale(value.trim());
    return undefined;
  } catch {
    return `"${value}" is not a BCP 47 language tag`;
  }
}

/** Whether a time zone is one `Intl` knows. */
export function checkTimeZone(value: string): string | undefined {
  if (!value.trim()) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value.trim() });
    return undefined;
  } catch {
    return `"${value}" is not an IANA time zone`;
  }
}
