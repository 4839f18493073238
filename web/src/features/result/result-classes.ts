/** Tailwind classes shared by the result viewers, so their small controls look alike. */

/** A compact button for toolbars inside content blocks. */
export const smallButtonClass =
  'inline-flex items-center gap-1 rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800';

/** A toggle button's look when it is pressed. */
export const pressedClass =
  'aria-pressed:border-indigo-400 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-800 dark:aria-pressed:border-indigo-700 dark:aria-pressed:bg-indigo-950 dark:aria-pressed:text-indigo-200';

/** Monospace text boxes (text blocks, raw JSON). */
export const codeBoxClass =
  'max-h-[28rem] overflow-auto rounded border border-slate-200 bg-slate-50 p-2 font-mono text-xs leading-relaxed dark:border-slate-800 dark:bg-slate-950';

/** An inline error inside a block (bad base64, failed read). */
export const inlineErrorClass = 'flex items-start gap-1.5 text-xs text-red-700 dark:text-red-300';
