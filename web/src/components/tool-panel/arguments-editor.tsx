import { inputClass } from '../ui/field-classes.ts';

/** Arguments typed as raw JSON, with the parse error under the box. */
export function ArgumentsEditor({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
      Arguments (JSON)
      <textarea
        className={`${inputClass} h-40 font-mono text-xs`}
        value={value}
        spellCheck={false}
        aria-invalid={error !== undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <span role="alert" className="text-red-600 dark:text-red-400">
          {error}
        </span>
      )}
    </label>
  );
}

/** Parses the arguments box; an empty box means no arguments. */
export function parseArguments(text: string): { value?: unknown; error?: string } {
  if (!text.trim()) return { value: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { error: 'Arguments must be a JSON object' };
    }
    return { value };
  } catch (error) {
    return { error: `Invalid JSON: ${(error as Error).message}` };
  }
}
