/** The "null" checkbox of a field whose schema also accepts `null`. */
export function NullableToggle({
  label,
  checked,
  disabled,
  onToggle,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onToggle: (isNull: boolean) => void;
}) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-1 rounded bg-slate-100 px-1.5 font-mono text-[11px] text-slate-600 dark:bg-slate-800 dark:text-slate-300">
      <input
        type="checkbox"
        className="h-3 w-3 accent-indigo-600"
        checked={checked}
        disabled={disabled}
        aria-label={`Set ${label || 'value'} to null`}
        onChange={(event) => onToggle(event.target.checked)}
      />
      null
    </label>
  );
}
