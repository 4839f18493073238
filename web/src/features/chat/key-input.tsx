import { compactButtonClass, inputClass } from '../../ui/field-classes.ts';

/**
 * The end of a chat key form: a password field under its caption (never autofilled), the button that
 * hands the key to the bridge, and why the bridge refused it. The page's own key and a user's own
 * endpoint both use it.
 */
export function KeyInput({
  caption,
  label,
  value,
  onChange,
  action,
  problem,
}: {
  caption: string;
  /** The field's accessible name when the caption is not it. */
  label?: string;
  value: string;
  onChange: (value: string) => void;
  action: string;
  problem: string | undefined;
}) {
  return (
    <>
      <label className="flex flex-1 flex-col gap-0.5">
        <span className="text-xs text-slate-500">{caption}</span>
        <input
          type="password"
          aria-label={label}
          autoComplete="off"
          className={inputClass}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
      <button type="submit" className={compactButtonClass}>
        {action}
      </button>
      {problem && <span role="alert">{problem}</span>}
    </>
  );
}
