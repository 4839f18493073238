import type { KeyboardEvent } from 'react';

/** The two views of the arguments. */
export type ArgumentsView = 'form' | 'json';

const TABS: { view: ArgumentsView; name: string }[] = [
  { view: 'form', name: 'Form' },
  { view: 'json', name: 'JSON' },
];

/** Ids tying each tab to its panel. */
export function tabIds(idBase: string, view: ArgumentsView) {
  return { tab: `${idBase}-tab-${view}`, panel: `${idBase}-panel-${view}` };
}

/**
 * The "Form" / "JSON" tabs (WAI-ARIA tabs: arrow keys move between them, only the selected one is in the tab
 * order). The form tab is disabled, not hidden, when the schema has no form, so the user sees that it exists.
 */
export function ArgumentsTabs({
  idBase,
  selected,
  formDisabled,
  onSelect,
}: {
  idBase: string;
  selected: ArgumentsView;
  formDisabled: boolean;
  onSelect: (view: ArgumentsView) => void;
}) {
  const enabled = TABS.filter((tab) => tab.view !== 'form' || !formDisabled);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const index = enabled.findIndex((tab) => tab.view === selected);
    const next = enabled[(index + (event.key === 'ArrowRight' ? 1 : enabled.length - 1)) % enabled.length]!;
    onSelect(next.view);
    document.getElementById(tabIds(idBase, next.view).tab)?.focus();
  };
  return (
    <div role="tablist" aria-label="Arguments editor" className="flex shrink-0 gap-1" onKeyDown={onKeyDown}>
      {TABS.map(({ view, name }) => {
        const isSelected = view === selected;
        const disabled = view === 'form' && formDisabled;
        const ids = tabIds(idBase, view);
        return (
          <button
            key={view}
            type="button"
            role="tab"
            id={ids.tab}
            aria-selected={isSelected}
            aria-controls={ids.panel}
            aria-disabled={disabled || undefined}
            tabIndex={isSelected ? 0 : -1}
            title={disabled ? 'No form for this schema' : undefined}
            className={`rounded-md px-2.5 py-1 text-xs font-medium ${
              isSelected
                ? 'bg-indigo-50 text-indigo-700 ring-1 ring-indigo-200 dark:bg-indigo-950 dark:text-indigo-200 dark:ring-indigo-800'
                : 'text-slate-600 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800'
            } aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent`}
            onClick={() => !disabled && onSelect(view)}
          >
            {name}
          </button>
        );
      })}
    </div>
  );
}
