import { useContext, useEffect, useRef } from 'react';
import type { WrapIfAdditionalTemplateProps } from '@rjsf/utils';
import { ADDITIONAL_PROPERTY_FLAG } from '@rjsf/utils';
import { controlClass } from '../form-classes.ts';
import { IconButton } from './icon-button.tsx';
import { MapEntryContext, TypedKeysContext } from './template-contexts.ts';
import { UNNAMED_KEY } from '#client/schema/unnamed-entries.ts';

/** The key rjsf gives a new map entry (`newKey`, then `newKey-1`…). */
const NEW_KEY = /^newKey(-\d+)?$/;

/**
 * One entry of an `additionalProperties` map: key input, value, remove button on one row, named by the entry's
 * place ("Entry 2", "Key of entry 2"). rjsf renames the key when the key input loses focus, so the input is
 * uncontrolled and keyed by the current name.
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
    onKeyRename,
    onKeyRenameBlur,
    onRemoveProperty,
  } = props;
  const entry = useContext(MapEntryContext);
  const typedKeys = useContext(TypedKeysContext);
  const isEntry = ADDITIONAL_PROPERTY_FLAG in schema;
  const name = entry?.name ?? label;
  // "Add entry" makes rjsf's placeholder key "newKey"; the entry it made renames itself to the empty key at once
  // (UNNAMED_KEY inside rjsf), so the form, the JSON tab and the arguments hold '' (which is not sent), not "newKey".
  const justAdded = isEntry && NEW_KEY.test(name);
  useEffect(() => {
    if (justAdded && entry?.takeAdded()) onKeyRename(UNNAMED_KEY);
    // Once, as the entry mounts: later renders must not rename a key the user chose to call "newKey".
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The keyless entry got its key from rjsf: the map's typed key is no longer only typed.
  const mapPointer = entry?.mapPointer;
  const { setTyped } = typedKeys;
  const wasUnnamed = useRef(name === '');
  useEffect(() => {
    if (wasUnnamed.current && name !== '' && mapPointer !== undefined) setTyped(mapPointer, false);
    wasUnnamed.current = name === '';
  }, [name, mapPointer, setTyped]);
  if (!isEntry) {
    return (
      <div className={classNames} style={style}>
        {children}
      </div>
    );
  }
  const place = `entry ${entry?.position ?? name}`;
  const unnamed = name === '';
  return (
    <div
      role="group"
      aria-label={`Entry ${entry?.position ?? name}`}
      data-field-row
      className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] items-start gap-1.5"
      style={style}
    >
      <input
        key={name}
        id={`${id}-key`}
        type="text"
        aria-label={`Key of ${place}`}
        className={`${controlClass} font-mono`}
        defaultValue={name}
        placeholder="key"
        autoFocus={unnamed}
        disabled={disabled || readonly}
        // The hint and "Add entry" follow what is typed; the key itself changes on blur (rjsf's rename).
        onInput={(event) => {
          if (unnamed && entry) typedKeys.setTyped(entry.mapPointer, event.currentTarget.value !== '');
        }}
        onBlur={(event) => {
          const typed = event.target.value;
          // A typed key stays "typed" until rjsf's rename has made it the entry's key (the effect above): cleared
          // here, the status would change before the rename lands and the form would re-render the map without
          // the entry, dropping the value box the focus is moving to.
          if (unnamed && entry && typed === '') typedKeys.setTyped(entry.mapPointer, false);
          if (typed === name) return;
          // An object has one empty key: clearing a second one would make rjsf invent "-1".
          if (typed === '' && entry?.unnamedTaken) {
            event.target.value = name;
            return;
          }
          if (typed === '') onKeyRename(UNNAMED_KEY);
          else onKeyRenameBlur(event);
        }}
      />
      <div className="min-w-0">{children}</div>
      <IconButton
        label={`Remove ${place}`}
        glyph="✕"
        disabled={disabled || readonly}
        onClick={onRemoveProperty}
      />
    </div>
  );
}
