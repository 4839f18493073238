import type { InputHTMLAttributes, ReactNode } from 'react';

/**
 * The page's one checkbox with its label (and, when given, a hint under the label): the whole line is the
 * label, so a click anywhere on it ticks the box. `className` lays the line out where it stands.
 */
export function CheckboxField({
  label,
  hint,
  className,
  ...input
}: {
  /** What ticking it means, beside the box; also the box's accessible name unless `aria-label` is given. */
  label: ReactNode;
  /** A sentence under the label saying more. */
  hint?: ReactNode;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'>) {
  if (hint === undefined)
    return (
      <label className={lineClass(className, 'items-center gap-1')}>
        <input type="checkbox" {...input} />
        {label}
      </label>
    );
  return (
    <label className={lineClass(className, 'items-start gap-2')}>
      <input type="checkbox" className="mt-1" {...input} />
      <span>
        {label}
        <span className="block text-xs text-slate-500 dark:text-slate-400">{hint}</span>
      </span>
    </label>
  );
}

/** `flex`, the caller's classes, and the default alignment and gap unless the caller set its own. */
function lineClass(className = '', defaults: string): string {
  const own = className.split(/\s+/);
  const kept = defaults
    .split(' ')
    .filter((utility) => !own.some((mine) => mine.startsWith(utility.replace(/-[^-]+$/, '-'))));
  return ['flex', ...kept, className].filter(Boolean).join(' ');
}
