import { pressedClass, smallButtonClass } from './result-classes.ts';

/** A small on/off button (aria-pressed), for view options like wrapping and pretty-printing. */
export function ToggleButton({
  pressed,
  onChange,
  children,
  title,
}: {
  pressed: boolean;
  onChange: (pressed: boolean) => void;
  children: string;
  title?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      title={title}
      className={`${smallButtonClass} ${pressedClass}`}
      onClick={() => onChange(!pressed)}
    >
      {children}
    </button>
  );
}
