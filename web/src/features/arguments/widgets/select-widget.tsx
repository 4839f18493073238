import type { ChangeEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import {
  ariaDescribedByIds,
  enumOptionSelectedValue,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
} from '@rjsf/utils';
import { controlClass } from '../form-classes.ts';
import { LargeEnumInput, LARGE_ENUM } from './large-enum-input.tsx';

/**
 * A select for enums and for the option chooser of `oneOf`/`anyOf` (whose accessible name says which field it
 * chooses for). Enums of thousands of strings become a text input with suggestions, which stays fast.
 */
export function SelectWidget(props: WidgetProps) {
  const {
    id,
    options,
    value,
    required,
    disabled,
    readonly,
    multiple = false,
    onChange,
    onBlur,
    onFocus,
  } = props;
  const { schema, rawErrors, label, name, placeholder } = props;
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  // Options carry their enum values (not rjsf's default, indices) in the DOM, so autofill and tests see real
  // values; objects and arrays still fall back to indices.
  const format = 'realValue';
  if (!multiple && enumOptions.length > LARGE_ENUM && enumOptions.every((o) => typeof o.value === 'string')) {
    return <LargeEnumInput {...props} />;
  }
  const decode = (next: string | string[]) => enumOptionValueDecoder(next, enumOptions, format, emptyValue);
  const read = (event: { target: HTMLSelectElement }) =>
    multiple ? Array.from(event.target.selectedOptions, (option) => option.value) : event.target.value;
  const isChooser = typeof name === 'string' && /__(one|any)of_select$/.test(name);
  const selected = enumOptionSelectedValue(value, enumOptions, multiple, format, multiple ? [] : '');
  return (
    <select
      id={id}
      name={props.htmlName || id}
      multiple={multiple}
      className={controlClass}
      value={selected as string | string[]}
      required={required}
      disabled={disabled || readonly}
      aria-label={isChooser ? `${label || 'Arguments'} variant` : undefined}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(decode(read(event)))}
      onBlur={(event) => onBlur(id, decode(read(event)))}
      onFocus={(event) => onFocus(id, decode(read(event)))}
    >
      {!multiple && schema.default === undefined && <option value="">{placeholder || '—'}</option>}
      {enumOptions.map(({ value: optionValue, label: optionLabel }, index) => (
        <option
          key={index}
          value={enumOptionValueEncoder(optionValue, index, format)}
          disabled={enumDisabled?.includes(optionValue)}
        >
          {optionLabel}
        </option>
      ))}
    </select>
  );
}
