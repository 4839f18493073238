/** Shared Tailwind classes for inputs and buttons, so controls look alike everywhere. */
export const inputClass =
  'w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-sm placeholder:text-slate-400 focus:border-indigo-500 dark:border-slate-700 dark:bg-slate-900';

export const primaryButtonClass =
  'inline-flex items-center gap-1.5 rounded-md border border-transparent bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-indigo-500 disabled:cursor-not-allowed disabled:opacity-50';

export const secondaryButtonClass =
  'inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium shadow-sm hover:bg-slate-100 disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800';

export const panelClass =
  'flex min-h-0 flex-col rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900';

export const panelHeaderClass =
  'flex items-center gap-2 border-b border-slate-200 px-3 py-2 text-sm font-semibold dark:border-slate-800';

/** Small header buttons (export, import, settings) that must not wrap. */
export const compactButtonClass =
  'inline-flex items-center gap-1 whitespace-nowrap rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium shadow-sm hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800';

/** A button that looks like a link: the row actions of the history and the saved requests. */
export const linkButtonClass = 'text-indigo-600 hover:underline dark:text-indigo-400';

/** A modal `<dialog>` panel. */
export const dialogClass =
  'm-auto rounded-xl border border-slate-200 bg-white p-5 text-slate-900 shadow-2xl backdrop:bg-slate-900/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';
