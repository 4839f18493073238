import { loadJson, saveJson } from '#client/lib/local-storage.ts';

/** The page's colour scheme: the user's pick, or the system's (the OS setting). */
export type ThemeChoice = 'light' | 'dark' | 'system';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const KEY = 'toolscope.theme';
const query = () => window.matchMedia?.('(prefers-color-scheme: dark)');
let unwatch: (() => void) | undefined;

/** The stored choice; `system` when none was made or what is stored is not a choice. */
export function storedTheme(): ThemeChoice {
  const value = loadJson<unknown>(KEY, 'system');
  return THEME_CHOICES.includes(value as ThemeChoice) ? (value as ThemeChoice) : 'system';
}

/** Whether a choice is dark, given whether the system prefers dark. */
export function isDark(choice: ThemeChoice, systemDark: boolean): boolean {
  return choice === 'dark' || (choice === 'system' && systemDark);
}

/**
 * Puts the `dark` class on the root element for the choice (the styles' dark variant follows it) and, for
 * `system`, follows the OS setting as it changes.
 */
export function applyTheme(choice: ThemeChoice): void {
  unwatch?.();
  unwatch = undefined;
  const media = query();
  const set = () =>
    document.documentElement.classList.toggle('dark', isDark(choice, media?.matches ?? false));
  set();
  document.documentElement.style.colorScheme = isDark(choice, media?.matches ?? false) ? 'dark' : 'light';
  if (choice === 'system' && media) {
    media.addEventListener('change', set);
    unwatch = () => media.removeEventListener('change', set);
  }
}

/** Stores and applies a choice. */
export function chooseTheme(choice: ThemeChoice): void {
  saveJson(KEY, choice);
  applyTheme(choice);
  // Every theme control on the page (Settings and More) shows the same choice.
  window.dispatchEvent(new Event(THEME_CHANGED));
}

/** The window event sent when the user chooses a theme. */
export const THEME_CHANGED = 'toolscope-theme-changed';
