import { useContext } from 'react';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { canExpand, descriptionId } from '@rjsf/utils';
import { NULLABLE_MARK } from '../../../schema/schema-markers.ts';
import { groupClass, hintClass, legendClass } from '../form-classes.ts';
import { DescriptionFieldTemplate, RequiredMark } from './text-templates.tsx';
import { AddItemButton } from './icon-button.tsx';
import { UnionOptionContext } from './template-contexts.ts';

/**
 * An object: a bordered group with a legend. Bare (no frame, no legend) at the root, where the tool panel already
 * names the tool, and as the chosen option of a union, which its chooser names. A map (`additionalProperties`)
 * gets an "Add entry" button.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { title, description, properties, schema, uiSchema, formData, fieldPathId, required, registry } =
    props;
  const isUnionOption = useContext(UnionOptionContext);
  // A pure union renders its chooser through the multi-schema template; an empty wrapper would only add a border.
  if ((schema.oneOf || schema.anyOf) && !schema.properties && properties.length === 0) return null;
  const isRoot = fieldPathId.path.length === 0;
  const expandable = canExpand(schema, uiSchema, formData);
  const name = title || 'object';
  const descriptionNode = description && (
    <DescriptionFieldTemplate
      id={descriptionId(fieldPathId)}
      description={description}
      schema={schema}
      registry={registry}
    />
  );
  const body = (
    <UnionOptionContext.Provider value={false}>
      {properties.map((property) => property.content)}
      {expandable && properties.length === 0 && <p className={hintClass}>No entries</p>}
      {expandable && (
        <AddItemButton
          label={`Add entry to ${name}`}
          text="Add entry"
          disabled={props.disabled || props.readonly}
          onClick={props.onAddProperty}
        />
      )}
    </UnionOptionContext.Provider>
  );
  if (isRoot) return <div className="flex flex-col gap-2.5">{body}</div>;
  if (isUnionOption) {
    return (
      <div id={fieldPathId.$id} role="group" aria-label={name} className="flex min-w-0 flex-col gap-2">
        {descriptionNode}
        {body}
      </div>
    );
  }
  // The field template shows a nullable object's title, next to its null toggle; an array item is already
  // numbered by its array, so its rjsf title ("items-1") would only repeat that.
  const isArrayItem = typeof fieldPathId.path.at(-1) === 'number';
  const showLegend = Boolean(title) && schema[NULLABLE_MARK] !== true && !isArrayItem;
  return (
    <fieldset id={fieldPathId.$id} className={groupClass} aria-label={showLegend ? undefined : name}>
      {showLegend && (
        <legend className={legendClass}>
          {title}
          <RequiredMark required={required} />
        </legend>
      )}
      {descriptionNode}
      {body}
    </fieldset>
  );
}
