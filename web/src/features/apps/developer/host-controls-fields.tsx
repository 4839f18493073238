import type { ReactNode } from 'react';
import type { Insets } from './host-controls.ts';

/** The host controls' field style (small, like the View's bar). */
export const field =
  'rounded border border-slate-300 bg-white px-1 py-0.5 text-xs dark:border-slate-700 dark:bg-slate-900';

/** A control with its visible name (its accessible name too) and what is wrong with its value. */
export function Labelled({
  label,
  problem,
  children,
}: {
  label: string;
  problem?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-0.5">
      <label className="flex flex-col gap-0.5">
        <span className="text-slate-500">{label}</span>
        {children}
      </label>
      {problem && (
        <span role="alert" className="text-amber-700 dark:text-amber-400">
          {problem}: the page’s is sent
        </span>
      )}
    </div>
  );
}

/** The four safe-area insets, in CSS pixels. */
export function InsetsField({
  insets,
  onChange,
}: {
  insets: Insets;
  onChange: (side: keyof Insets, value: number) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-0.5">
      <legend className="text-slate-500">Safe-area insets (px)</legend>
      <div className="flex gap-1">
        {(['top', 'right', 'bottom', 'left'] as const).map((side) => (
          <input
            key={side}
            type="number"
            min={0}
            max={200}
            aria-label={`Inset ${side}`}
            title={side}
            placeholder={side}
            className={`${field} w-12`}
            value={insets[side]}
            onChange={(e) => onChange(side, e.target.valueAsNumber)}
          />
        ))}
      </div>
    </fieldset>
  );
}
