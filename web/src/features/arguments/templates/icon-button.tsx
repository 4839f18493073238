import type { ButtonHTMLAttributes } from 'react';
import { addButtonClass, iconButtonClass } from '../form-classes.ts';

/** A small glyph button; `label` is its accessible name and tooltip, the glyph is decoration. */
export function IconButton({
  label,
  glyph,
  ...rest
}: { label: string; glyph: string } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'>) {
  return (
    <button type="button" className={iconButtonClass} aria-label={label} title={label} {...rest}>
      <span aria-hidden="true">{glyph}</span>
    </button>
  );
}

/** The dashed "+ Add …" button under arrays and maps. */
export function AddItemButton({
  label,
  text,
  ...rest
}: { label: string; text: string } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'>) {
  return (
    <button type="button" className={addButtonClass} aria-label={label} {...rest}>
      <span aria-hidden="true">+</span>
      {text}
    </button>
  );
}
