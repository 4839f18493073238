import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useStore } from '../../ui/use-store.ts';
import { inputClass } from '../../ui/field-classes.ts';
import type { Completion } from '#client/session/surface-requests.ts';
import { CompletionAsker } from './completion-asker.ts';

/** Props of one argument or template variable field. */
export interface CompletionFieldProps {
  /** The argument's or variable's name: the field's label and accessible name. */
  name: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  description?: string;
  /** Asks the server for suggestions; absent when it does not declare completions (a plain textbox then). */
  complete?: (value: string, signal: AbortSignal) => Promise<Completion>;
  /** Enter with no suggestion picked (reads the resource, gets the prompt). */
  onSubmit?: () => void;
}

/**
 * A text field named by its argument, offering the server's completions in a listbox as the user types
 * (debounced; arrows move, Enter or a click takes one, Escape closes) with how many there are in all.
 */
export function CompletionField(props: CompletionFieldProps) {
  const { name, value, onChange, required, description, complete, onSubmit } = props;
  const id = useId();
  const [asker] = useState(() => new CompletionAsker());
  useEffect(() => () => asker.cancel(), [asker]);
  const { completion, forValue, asking, error } = useStore(asker, (s) => s);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const offered = open && completion && forValue === value ? completion.values : [];
  // The one suggestion being what is typed already offers nothing, and would cover the button below.
  const options = offered.length === 1 && offered[0] === value ? [] : offered;
  const expanded = options.length > 0;
  const describedBy = description ? `${id}-description` : undefined;
  const choose = (option: string) => {
    onChange(option);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && expanded) {
      event.preventDefault();
      setActive((active + 1) % options.length);
    } else if (event.key === 'ArrowUp' && expanded) {
      event.preventDefault();
      setActive((active - 1 + options.length) % options.length);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (expanded && active >= 0) choose(options[active]!);
      else onSubmit?.();
    }
  };

  const label = (
    <span className="text-xs font-medium text-slate-700 dark:text-slate-300">
      <span className="font-mono">{name}</span>
      {required && (
        <span aria-hidden className="ml-0.5 text-rose-600" title="required">
          *
        </span>
      )}
    </span>
  );
  if (!complete)
    return (
      <label className="flex flex-col gap-0.5">
        {label}
        <input
          className={inputClass}
          aria-label={name}
          aria-required={required}
          aria-describedby={describedBy}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onSubmit?.();
          }}
        />
        {description && <Description id={describedBy!} text={description} />}
      </label>
    );
  return (
    <div className="relative flex flex-col gap-0.5">
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        id={`${id}-input`}
        role="combobox"
        aria-label={name}
        aria-required={required}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-options`}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        className={inputClass}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
          asker.typed(event.target.value, complete);
        }}
        onFocus={() => {
          setOpen(true);
          if (forValue !== value) asker.typed(value, complete, true);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {description && <Description id={describedBy!} text={description} />}
      <div
        className={`absolute top-full right-0 left-0 z-20 mt-1 rounded-md border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900 ${
          expanded ? '' : 'hidden'
        }`}
      >
        <ul
          id={`${id}-options`}
          role="listbox"
          aria-label={`Suggestions for ${name}`}
          className="max-h-56 overflow-y-auto py-1"
        >
          {options.map((option, index) => (
            <li
              key={`${index}-${option}`}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className={`cursor-pointer px-2 py-1 font-mono text-sm ${
                index === active
                  ? 'bg-indigo-100 dark:bg-indigo-900'
                  : 'hover:bg-slate-100 dark:hover:bg-slate-800'
              }`}
              // Taken before the field's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
            >
              {option}
            </li>
          ))}
        </ul>
        {completion && <CompletionCount completion={completion} />}
      </div>
      <p aria-live="polite" className="min-h-0 text-[11px] text-slate-500 empty:hidden">
        {asking && open ? 'Asking the server for suggestions…' : error ? `No suggestions: ${error}` : ''}
      </p>
    </div>
  );
}

/** "3 of 120 · more on the server": what hasMore and total say. */
function CompletionCount({ completion }: { completion: Completion }) {
  const shown = completion.values.length;
  const total = completion.total;
  if (total === undefined && !completion.hasMore) return null;
  return (
    <p className="border-t border-slate-100 px-2 py-1 text-[11px] text-slate-500 dark:border-slate-800">
      {total !== undefined ? `${shown} of ${total}` : `${shown} shown`}
      {completion.hasMore ? ' · more on the server: type more to narrow' : ''}
    </p>
  );
}

function Description({ id, text }: { id: string; text: string }) {
  return (
    <span id={id} className="text-[11px] text-slate-500">
      {text}
    </span>
  );
}
