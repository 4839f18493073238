import { useId, useState, type ReactNode } from 'react';

/** One tab: its name and panel; `keepMounted` keeps the panel alive (hidden) while another tab shows. */
export interface TabSpec {
  name: string;
  content: ReactNode;
  /** Keep the panel mounted when not shown, so its state survives a switch (an MCP App's View). */
  keepMounted?: boolean;
}

/**
 * Accessible tabs (tablist, tab, tabpanel) with arrow-key navigation; only the active panel renders,
 * except panels marked `keepMounted`, which stay in the page hidden. The open tab is the component's own
 * unless `selected` names it (then `onSelect` hears each choice and the owner decides).
 */
export function Tabs({
  tabs,
  label,
  className,
  selected,
  onSelect,
  compact = false,
}: {
  tabs: TabSpec[];
  label: string;
  className?: string;
  selected?: string;
  onSelect?: (name: string) => void;
  /** Tabs packed closer, in a smaller type (five tabs in a 300 px column); the row scrolls if still too wide. */
  compact?: boolean;
}) {
  const [own, setOwn] = useState(0);
  const id = useId();
  const chosen = selected === undefined ? own : tabs.findIndex((tab) => tab.name === selected);
  const current = Math.max(0, Math.min(chosen, tabs.length - 1));
  const setActive = (index: number) => {
    setOwn(index);
    const name = tabs[index]?.name;
    if (name !== undefined) onSelect?.(name);
  };
  return (
    <div className={`flex min-h-0 flex-col ${className ?? ''}`}>
      <div
        role="tablist"
        aria-label={label}
        className={`flex border-b border-slate-200 dark:border-slate-800 ${
          compact ? 'gap-0.5 overflow-x-auto px-1 [scrollbar-width:thin]' : 'gap-1 px-2'
        }`}
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') setActive((current + 1) % tabs.length);
          if (event.key === 'ArrowLeft') setActive((current - 1 + tabs.length) % tabs.length);
        }}
      >
        {tabs.map((tab, index) => (
          <button
            key={tab.name}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-selected={index === current}
            aria-controls={`${id}-panel-${index}`}
            tabIndex={index === current ? 0 : -1}
            onClick={() => setActive(index)}
            className={`-mb-px border-b-2 py-2 font-semibold whitespace-nowrap ${
              compact ? 'px-1 text-[13px]' : 'px-2 text-sm'
            } ${
              index === current
                ? 'border-indigo-500 text-slate-900 dark:text-slate-100'
                : 'border-transparent text-slate-500 hover:text-slate-800 dark:hover:text-slate-200'
            }`}
          >
            {tab.name}
          </button>
        ))}
      </div>
      {tabs.map(
        (tab, index) =>
          tab.keepMounted && (
            <div
              key={tab.name}
              role="tabpanel"
              id={`${id}-panel-${index}`}
              aria-labelledby={`${id}-tab-${index}`}
              hidden={index !== current}
              className="flex min-h-0 flex-1 flex-col"
            >
              {tab.content}
            </div>
          ),
      )}
      {!tabs[current]?.keepMounted && (
        <div
          role="tabpanel"
          id={`${id}-panel-${current}`}
          aria-labelledby={`${id}-tab-${current}`}
          className="flex min-h-0 flex-1 flex-col"
        >
          {tabs[current]?.content}
        </div>
      )}
    </div>
  );
}
