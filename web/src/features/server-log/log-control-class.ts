/** Compact controls of the log toolbar, matching the trace's filter bar. */
export const logControlClass =
  'rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs dark:border-slate-700 dark:bg-slate-900';
