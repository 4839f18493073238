/** Tailwind classes shared by the form's templates and widgets, so every control looks alike. */

/**
 * Text-like inputs and selects: the app's input look (ui/field-classes.ts), a little denser, with a red border when
 * the field has a problem and a muted one when it is read-only (a `const`).
 */
export const controlClass =
  'w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm shadow-sm placeholder:text-slate-400 focus:border-indigo-500 aria-[invalid=true]:border-red-500 read-only:bg-slate-50 read-only:text-slate-500 dark:border-slate-700 dark:bg-slate-900 dark:read-only:bg-slate-800/60 dark:read-only:text-slate-400';

/** A read-only `const` value, shown as text rather than as a greyed-out input. */
export const constClass =
  'w-full min-w-0 border-0 bg-transparent px-0 py-1 font-mono text-sm text-slate-600 shadow-none focus:outline-none dark:text-slate-300';

export const labelClass = 'text-xs font-medium text-slate-700 dark:text-slate-300';

export const hintClass = 'text-xs text-slate-500 dark:text-slate-400';

export const errorTextClass = 'text-xs text-red-600 dark:text-red-400';

/** A nested object, array or array item. */
export const groupClass =
  'flex min-w-0 flex-col gap-2 rounded-md border border-slate-200 px-2 pt-1 pb-2 dark:border-slate-700';

export const legendClass = 'px-1 text-xs font-semibold text-slate-700 dark:text-slate-200';

/** Small square buttons (move, remove) next to array items and map entries. */
export const iconButtonClass =
  'inline-flex h-6 w-6 shrink-0 items-center justify-center rounded text-sm text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:pointer-events-none disabled:opacity-30 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100';

export const addButtonClass =
  'inline-flex items-center gap-1 self-start rounded-md border border-dashed border-slate-300 px-2 py-0.5 text-xs font-medium text-slate-600 hover:border-indigo-400 hover:text-indigo-600 disabled:opacity-50 dark:border-slate-600 dark:text-slate-300 dark:hover:border-indigo-400 dark:hover:text-indigo-300';

export const noticeClass =
  'rounded-md border border-amber-300 bg-amber-50 px-2 py-1.5 text-xs text-amber-900 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-200';
