import type { WrapIfAdditionalTemplateProps } from '@rjsf/utils';
import { ADDITIONAL_PROPERTY_FLAG } from '@rjsf/utils';
import { controlClass } from '../form-classes.ts';
import { IconButton } from './icon-button.tsx';

/** The key rjsf gives a new map entry (`newKey`, then `newKey-1`…). */
const NEW_KEY = /^newKey(-\d+)?$/;

/**
 * One entry of an `additionalProperties` map: key input, value, remove button on one row. rjsf renames the key
 * when the key input loses focus, so the input is uncontrolled and keyed by the current name.
 */
export function WrapIfAdditionalTemplate(props: WrapIfAdditionalTemplateProps) {
  const {
    id,
    classNames,
    style,
    label,
    schema,
    children,
    disabled,
    readonly,
    onKeyRenameBlur,
    onRemoveProperty,
  } = props;
  if (!(ADDITIONAL_PROPERTY_FLAG in schema)) {
    return (
      <div className={classNames} style={style}>
        {children}
      </div>
    );
  }
  const fresh = NEW_KEY.test(label);
  return (
    <div
      role="group"
      aria-label={`Entry ${label}`}
      className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] items-start gap-1.5"
      style={style}
    >
      <input
        key={label}
        id={`${id}-key`}
        type="text"
        aria-label={`Key of ${label}`}
        className={`${controlClass} font-mono`}
        // rjsf names a new entry "newKey": show it empty and focused, so the user types the key at once.
        defaultValue={fresh ? '' : label}
        placeholder="key"
        autoFocus={fresh}
        disabled={disabled || readonly}
        onBlur={(event) => {
          if (!(fresh && event.target.value === '')) onKeyRenameBlur(event);
        }}
      />
      <div className="min-w-0">{children}</div>
      <IconButton
        label={`Remove entry ${label}`}
        glyph="✕"
        disabled={disabled || readonly}
        onClick={onRemoveProperty}
      />
    </div>
  );
}
