import type { ChangeEvent } from 'react';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { ADDITIONAL_PROPERTY_FLAG, ariaDescribedByIds, examplesId, getInputProps } from '@rjsf/utils';
import { constClass, controlClass } from '../form-classes.ts';

/**
 * The `<input>` behind text, number, email, URL and date widgets. Number inputs show '' for "no value" rather than
 * 0, and an emptied input reports the widget's `emptyValue` (undefined) so the key leaves the arguments.
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus, onChange, onChangeOverride } =
    props;
  const { options, schema, type, rawErrors, required, placeholder } = props;
  const inputProps = getInputProps(schema, type, options);
  const isNumber = inputProps.type === 'number' || inputProps.type === 'integer';
  const shown = isNumber ? (value || value === 0 ? value : '') : (value ?? '');
  const examples = Array.isArray(schema.examples) ? schema.examples : [];
  const handleChange = ({ target }: ChangeEvent<HTMLInputElement>) =>
    onChange(target.value === '' ? options.emptyValue : target.value);
  return (
    <>
      <input
        id={id}
        name={htmlName || id}
        // A `const` is shown, not edited: plain monospace text that still has its label and tab stop.
        className={readonly && schema.const !== undefined ? constClass : controlClass}
        readOnly={readonly}
        disabled={disabled}
        autoFocus={autofocus}
        // A map entry's value box says what it is, beside the key box's "key".
        placeholder={placeholder || (ADDITIONAL_PROPERTY_FLAG in schema ? 'value' : undefined)}
        value={shown as string | number}
        {...inputProps}
        list={examples.length > 0 ? examplesId(id) : undefined}
        aria-required={required || undefined}
        aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
        aria-describedby={ariaDescribedByIds(id, examples.length > 0)}
        onChange={onChangeOverride || handleChange}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
      {examples.length > 0 && (
        <datalist id={examplesId(id)}>
          {examples.map((example, index) => (
            <option key={index} value={String(example)} />
          ))}
        </datalist>
      )}
    </>
  );
}
