import { useContext, type ReactNode } from 'react';
import type { FieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { ADDITIONAL_PROPERTY_FLAG } from '@rjsf/utils';
import { ANY_VALUE_MARK, NULLABLE_MARK } from '#client/schema/schema-markers.ts';
import { hintClass, labelClass } from '../form-classes.ts';
import { NullableToggle } from './nullable-toggle.tsx';
import { RequiredMark } from './text-templates.tsx';
import { MapEntryContext, UnionOptionContext } from './template-contexts.ts';
import { WrapIfAdditionalTemplate } from './wrap-if-additional-template.tsx';

/**
 * Every field. A scalar sits on one row, label left and control right, which keeps long forms short in a narrow
 * panel; objects, arrays and unions stack their label above. A nullable field gets a "null" toggle by its label,
 * and while it is null the control gives way to a "null" placeholder. Map entries and array items keep their
 * label for screen readers only: the entry shows its key, the item its number.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, description, hidden, required, displayLabel, schema, formData } =
    props;
  const isUnionOption = useContext(UnionOptionContext);
  const entry = useContext(MapEntryContext);
  if (hidden) return <div className="hidden">{children}</div>;
  const nullable = schema[NULLABLE_MARK] === true;
  const isNull = nullable && formData === null;
  const isEntry = ADDITIONAL_PROPERTY_FLAG in schema;
  const visuallyHidden = isEntry || typeof props.fieldPathId.path.at(-1) === 'number';
  // Objects and arrays draw their own legend, except nullable ones, whose title moves here next to the toggle.
  // A scalar union option is already labelled by the union's label (same id) and named by the chooser.
  // A map entry's value is named by the entry's place, so it is labelled even while its key is empty.
  const showLabel =
    (displayLabel || nullable) && (Boolean(label) || isEntry) && !(isUnionOption && isScalar(schema));

  // A label for screen readers only takes no row: its empty row's gap put a map entry's value box 4 px below
  // the key box beside it.
  const labelRow = (showLabel || nullable) && (
    <div className={visuallyHidden && !nullable ? 'contents' : 'flex min-w-0 items-center gap-1.5'}>
      {showLabel && (
        <label htmlFor={id} title={label} className={visuallyHidden ? 'sr-only' : `${labelClass} truncate`}>
          {isEntry ? `Value of entry ${entry?.position ?? label}` : label}
          <RequiredMark required={required} />
        </label>
      )}
      {nullable && (
        <NullableToggle
          label={label}
          checked={isNull}
          disabled={props.disabled || props.readonly}
          onToggle={(makeNull) =>
            props.onChange(makeNull ? null : emptyValueFor(schema.type), props.fieldPathId.path)
          }
        />
      )}
    </div>
  );
  const control: ReactNode = isNull ? (
    <span className={`${hintClass} pt-1 font-mono italic`}>null</span>
  ) : (
    children
  );
  const help = displayLabel && !isNull ? description : null;

  let body: ReactNode;
  if ((isScalar(schema) || isNull) && !visuallyHidden && labelRow) {
    body = (
      <div
        data-field-row
        className="grid grid-cols-[minmax(4.5rem,8.5rem)_minmax(0,1fr)] items-start gap-x-3"
      >
        <div className="min-w-0 pt-1.5">{labelRow}</div>
        <div className="flex min-w-0 flex-col gap-0.5">
          {control}
          {help}
          {errors}
        </div>
      </div>
    );
  } else {
    // A scalar without a visible label (an array's item, a map entry's value) is a row of its own too.
    body = (
      <div
        data-field-row={isScalar(schema) || isNull ? '' : undefined}
        className="flex min-w-0 flex-col gap-1"
      >
        {labelRow}
        {help}
        {control}
        {errors}
      </div>
    );
  }
  return <WrapIfAdditionalTemplate {...props}>{body}</WrapIfAdditionalTemplate>;
}

// One row suits a single control; a union's chooser carries nested fields, so it stacks like a container.
function isScalar(schema: RJSFSchema): boolean {
  if (schema.oneOf || schema.anyOf) return false;
  if (typeof schema[ANY_VALUE_MARK] === 'string') return true;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return !types.includes('object') && !types.includes('array');
}

// Leaving null needs a value rjsf will not replace with the field's `default` (often `null` itself): an empty
// value of the field's type. Numbers have none that is not also a real answer, so they start out empty.
function emptyValueFor(type: unknown): unknown {
  const types = Array.isArray(type) ? type : [type];
  if (types.includes('string')) return '';
  if (types.includes('object')) return {};
  if (types.includes('array')) return [];
  if (types.includes('boolean')) return false;
  return undefined;
}
