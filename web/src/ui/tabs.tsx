import { useId, useState, type ReactNode } from 'react';

/** Accessible tabs (tablist, tab, tabpanel) with arrow-key navigation; only the active panel renders. */
export function Tabs({
  tabs,
  label,
  className,
}: {
  tabs: { name: string; content: ReactNode }[];
  label: string;
  className?: string;
}) {
  const [active, setActive] = useState(0);
  const id = useId();
  const current = Math.min(active, tabs.length - 1);
  return (
    <div className={`flex min-h-0 flex-col ${className ?? ''}`}>
      <div
        role="tablist"
        aria-label={label}
        className="flex gap-1 border-b border-slate-200 px-2 dark:border-slate-800"
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
            className={`-mb-px border-b-2 px-2 py-2 text-sm font-semibold whitespace-nowrap ${
              index === current
                ? 'border-indigo-500 text-slate-900 dark:text-slate-100'
                : 'border-transparent text-slate-500 hover:text-slate-800 dark:hover:text-slate-200'
            }`}
          >
            {tab.name}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel-${current}`}
        aria-labelledby={`${id}-tab-${current}`}
        className="flex min-h-0 flex-1 flex-col"
      >
        {tabs[current]?.content}
      </div>
    </div>
  );
}
