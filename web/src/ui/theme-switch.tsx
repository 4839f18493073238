import { useEffect, useState } from 'react';
import { chooseTheme, storedTheme, THEME_CHANGED, THEME_CHOICES, type ThemeChoice } from './theme.ts';

const LABELS: Record<ThemeChoice, string> = { system: '◐ System', light: '☀ Light', dark: '☾ Dark' };

/** The combobox "Theme": light, dark, or the system's setting; kept for the next visit. */
export function ThemeSwitch() {
  const [choice, setChoice] = useState(storedTheme);
  useEffect(() => {
    // Another theme control changed it.
    const follow = () => setChoice(storedTheme());
    window.addEventListener(THEME_CHANGED, follow);
    return () => window.removeEventListener(THEME_CHANGED, follow);
  }, []);
  return (
    <select
      aria-label="Theme"
      title="Colour theme"
      className="rounded-md border border-slate-300 bg-white px-1.5 py-1 text-xs dark:border-slate-700 dark:bg-slate-900"
      value={choice}
      onChange={(event) => {
        const next = event.target.value as ThemeChoice;
        setChoice(next);
        chooseTheme(next);
      }}
    >
      {THEME_CHOICES.map((value) => (
        <option key={value} value={value}>
          {LABELS[value]}
        </option>
      ))}
    </select>
  );
}
