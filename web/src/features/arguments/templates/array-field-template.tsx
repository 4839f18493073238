import type { ArrayFieldTemplateProps } from '@rjsf/utils';
import { descriptionId } from '@rjsf/utils';
import { NULLABLE_MARK } from '#client/schema/schema-markers.ts';
import { groupClass, hintClass, legendClass } from '../form-classes.ts';
import { ArrayLabelContext, UnionOptionContext } from './template-contexts.ts';
import { DescriptionFieldTemplate, RequiredMark } from './text-templates.tsx';
import { AddItemButton } from './icon-button.tsx';

/** An array: legend, its items (each with move and remove buttons), and "Add item". */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { title, schema, items, canAdd, onAddClick, fieldPathId, required, registry, disabled, readonly } =
    props;
  const name = title || 'items';
  const showLegend = schema[NULLABLE_MARK] !== true;
  return (
    <fieldset id={fieldPathId.$id} className={groupClass} aria-label={showLegend ? undefined : name}>
      {showLegend && (
        <legend className={legendClass}>
          {name}
          <RequiredMark required={required} />
        </legend>
      )}
      {typeof schema.description === 'string' && (
        <DescriptionFieldTemplate
          id={descriptionId(fieldPathId)}
          description={schema.description}
          schema={schema}
          registry={registry}
        />
      )}
      <ArrayLabelContext.Provider value={name}>
        <UnionOptionContext.Provider value={false}>
          {items.length > 0 ? (
            <div className="flex flex-col gap-1.5">{items}</div>
          ) : (
            <p className={hintClass}>Empty</p>
          )}
        </UnionOptionContext.Provider>
      </ArrayLabelContext.Provider>
      {canAdd && (
        <AddItemButton
          label={`Add item to ${name}`}
          text="Add item"
          disabled={disabled || readonly}
          onClick={onAddClick}
        />
      )}
    </fieldset>
  );
}
