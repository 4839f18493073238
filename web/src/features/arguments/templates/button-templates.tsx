import type { IconButtonProps, TemplatesType } from '@rjsf/utils';
import { TranslatableString } from '@rjsf/utils';
import { AddItemButton, IconButton } from './icon-button.tsx';

// rjsf's own buttons draw Bootstrap glyphicons, which this app does not load: they would be empty squares.
// The templates in this folder render their buttons directly, with names that say which item they act on;
// these stand in wherever rjsf still reaches for its registry.

function buttonProps({
  registry: _registry,
  uiSchema: _uiSchema,
  iconType: _type,
  icon: _icon,
  ...rest
}: IconButtonProps) {
  return rest;
}

function AddButton(props: IconButtonProps) {
  const text = props.registry.translateString(TranslatableString.AddItemButton);
  return <AddItemButton label={text} text={text} {...buttonProps(props)} />;
}

function iconTemplate(glyph: string, text: TranslatableString) {
  return function IconTemplate(props: IconButtonProps) {
    return <IconButton label={props.registry.translateString(text)} glyph={glyph} {...buttonProps(props)} />;
  };
}

/** The button templates handed to rjsf. No submit button: the tool panel has "Call tool". */
export const buttonTemplates: TemplatesType['ButtonTemplates'] = {
  AddButton,
  CopyButton: iconTemplate('⧉', TranslatableString.CopyButton),
  MoveDownButton: iconTemplate('↓', TranslatableString.MoveDownButton),
  MoveUpButton: iconTemplate('↑', TranslatableString.MoveUpButton),
  RemoveButton: iconTemplate('✕', TranslatableString.RemoveButton),
  ClearButton: iconTemplate('✕', TranslatableString.ClearLabel),
  SubmitButton: () => null,
};
