import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds, descriptionId } from '@rjsf/utils';
import { hintClass } from '../form-classes.ts';
import { RequiredMark } from '../templates/text-templates.tsx';

/** A boolean: the checkbox carries the field's label (rjsf hides the usual one for booleans). */
export function CheckboxWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, label, hideLabel, required, schema, onChange, onBlur, onFocus } =
    props;
  const description = props.options.description ?? schema.description;
  return (
    <div className="flex flex-col gap-0.5">
      <label className="inline-flex items-center gap-2 text-xs font-medium text-slate-700 dark:text-slate-300">
        <input
          id={id}
          type="checkbox"
          className="h-3.5 w-3.5 accent-indigo-600"
          checked={value === true}
          disabled={disabled || readonly}
          aria-describedby={ariaDescribedByIds(id)}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={(event) => onBlur(id, event.target.checked)}
          onFocus={(event) => onFocus(id, event.target.checked)}
        />
        <span className={hideLabel ? 'sr-only' : undefined}>{label}</span>
        <RequiredMark required={required} />
      </label>
      {!hideLabel && typeof description === 'string' && description && (
        <p id={descriptionId(id)} className={`${hintClass} line-clamp-3`} title={description}>
          {description}
        </p>
      )}
    </div>
  );
}
