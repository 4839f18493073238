import type { RegistryFieldsType, RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { englishStringTranslator, TranslatableString } from '@rjsf/utils';
import { AnyValueField } from './fields/any-value-field.tsx';
import { ArrayFieldItemTemplate } from './templates/array-field-item-template.tsx';
import { ArrayFieldTemplate } from './templates/array-field-template.tsx';
import { BaseInputTemplate } from './templates/base-input-template.tsx';
import { buttonTemplates } from './templates/button-templates.tsx';
import {
  DescriptionFieldTemplate,
  FieldErrorTemplate,
  TitleFieldTemplate,
  UnsupportedFieldTemplate,
} from './templates/text-templates.tsx';
import { FieldTemplate } from './templates/field-template.tsx';
import { MultiSchemaFieldTemplate } from './templates/multi-schema-field-template.tsx';
import { ObjectFieldTemplate } from './templates/object-field-template.tsx';
import { WrapIfAdditionalTemplate } from './templates/wrap-if-additional-template.tsx';
import { CheckboxWidget } from './widgets/checkbox-widget.tsx';
import { SelectWidget } from './widgets/select-widget.tsx';
import { DateTimeWidget } from './widgets/date-time-widget.tsx';

// Module constants: rjsf deep-compares its props on every render, and stable objects keep that cheap.

/** Tailwind replacements for rjsf's Bootstrap-flavoured templates. */
export const formTemplates: Partial<TemplatesType> = {
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  BaseInputTemplate,
  ButtonTemplates: buttonTemplates,
  DescriptionFieldTemplate,
  FieldErrorTemplate,
  FieldTemplate,
  MultiSchemaFieldTemplate,
  ObjectFieldTemplate,
  TitleFieldTemplate,
  UnsupportedFieldTemplate,
  WrapIfAdditionalTemplate,
};

/** Widgets whose core versions render unstyled markup of their own. */
export const formWidgets: RegistryWidgetsType = { SelectWidget, CheckboxWidget, DateTimeWidget };

/** rjsf's words, but a new map entry's value starts empty instead of "New Value". */
export function translateString(id: TranslatableString, params?: string[]): string {
  return id === TranslatableString.NewStringDefault ? '' : englishStringTranslator(id, params);
}

/** Schemas with no type (any value, and the normaliser's cut-offs) are edited as JSON text. */
export const formFields: RegistryFieldsType = { FallbackField: AnyValueField };
