import { useId } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { controlClass, hintClass } from '../form-classes.ts';

/** Above this many values a `<select>` is slow to open and useless to scroll. */
export const LARGE_ENUM = 300;
const SUGGESTIONS = 50;

/**
 * A string enum with thousands of values: a text input whose suggestions are the first matches of what is typed.
 * A value outside the enum is allowed while typing; validation flags it.
 */
export function LargeEnumInput({
  id,
  value,
  options,
  disabled,
  readonly,
  rawErrors,
  onChange,
  onBlur,
  onFocus,
}: WidgetProps) {
  const listId = useId();
  const values = (options.enumOptions ?? []).map((option) => String(option.value));
  const typed = typeof value === 'string' ? value.toLowerCase() : '';
  const suggestions = values
    .filter((candidate) => candidate.toLowerCase().includes(typed))
    .slice(0, SUGGESTIONS);
  return (
    <>
      <input
        id={id}
        type="text"
        className={controlClass}
        value={typeof value === 'string' ? value : ''}
        list={listId}
        disabled={disabled}
        readOnly={readonly}
        aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
      <datalist id={listId}>
        {suggestions.map((suggestion) => (
          <option key={suggestion} value={suggestion} />
        ))}
      </datalist>
      <span className={hintClass}>One of {values.length.toLocaleString('en')} values; type to filter.</span>
    </>
  );
}
