import { isValidElement, useContext, useRef } from 'react';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { ADDITIONAL_PROPERTY_FLAG, canExpand, descriptionId } from '@rjsf/utils';
import { NULLABLE_MARK } from '#client/schema/schema-markers.ts';
import { groupClass, hintClass, legendClass } from '../form-classes.ts';
import { DescriptionFieldTemplate, RequiredMark } from './text-templates.tsx';
import { AddItemButton } from './icon-button.tsx';
import { MapEntryContext, TypedKeysContext, UnionOptionContext } from './template-contexts.ts';
import { UNNAMED_KEY } from '#client/schema/unnamed-entries.ts';

/**
 * An object: a bordered group with a legend. Bare (no frame, no legend) at the root, where the tool panel already
 * names the tool, and as the chosen option of a union, which its chooser names. A map (`additionalProperties`)
 * gets an "Add entry" button; its entries learn their key and place through `MapEntryContext`. A new entry starts
 * with an empty key, and a map holds one such entry at a time (JSON has one empty key per object).
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { title, description, properties, schema, uiSchema, formData, fieldPathId, required, registry } =
    props;
  const isUnionOption = useContext(UnionOptionContext);
  const added = useRef(false);
  const typedKeys = useContext(TypedKeysContext);
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
  const entryNames = properties
    .map((property) => property.name)
    .filter((key) => {
      const propertySchema = schema.properties?.[key];
      return typeof propertySchema === 'object' && ADDITIONAL_PROPERTY_FLAG in propertySchema;
    });
  const unnamedAt = entryNames.indexOf(UNNAMED_KEY) + 1;
  const mapPointer = fieldPathId.path.map((segment) => `/${escapePointer(String(segment))}`).join('');
  // A key typed in the keyless entry's box names it already for the user, though rjsf takes it on blur.
  const waitingForKey = unnamedAt > 0 && !typedKeys.maps.has(mapPointer);
  const takeAdded = () => {
    const was = added.current;
    added.current = false;
    return was;
  };
  const body = (
    <UnionOptionContext.Provider value={false}>
      {properties.map((property) => {
        const position = entryNames.indexOf(property.name) + 1;
        if (position === 0) return property.content;
        // The provider takes the content's own key: rjsf keeps it stable across a rename, which keeps the focus.
        const key = isValidElement(property.content) ? property.content.key : property.name;
        const name = property.name === UNNAMED_KEY ? '' : property.name;
        const entry = { name, position, unnamedTaken: unnamedAt > 0, mapPointer, takeAdded };
        return (
          <MapEntryContext.Provider key={key} value={entry}>
            {property.content}
          </MapEntryContext.Provider>
        );
      })}
      {expandable && properties.length === 0 && <p className={hintClass}>No entries</p>}
      {expandable && (
        // A disabled button shows no tooltip in every browser: why it is disabled is said beside it, in grey.
        <span className="flex flex-wrap items-center gap-2">
          <AddItemButton
            label={`Add entry to ${name}`}
            text="Add entry"
            disabled={props.disabled || props.readonly || waitingForKey}
            title={waitingForKey ? `Name entry ${unnamedAt} first` : undefined}
            aria-describedby={waitingForKey ? `${fieldPathId.$id}-add-why` : undefined}
            onClick={() => {
              added.current = true;
              props.onAddProperty();
            }}
          />
          {waitingForKey && (
            <span id={`${fieldPathId.$id}-add-why`} className={hintClass}>
              Name entry {unnamedAt} first
            </span>
          )}
        </span>
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

/** One segment of a JSON Pointer, escaped ("a/b" is "a~1b"). */
function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
