import { useMemo } from 'react';
import Form, { type IChangeEvent } from '@rjsf/core';
import type {
  ErrorSchema,
  Experimental_DefaultFormStateBehavior,
  RJSFSchema,
  UiSchema,
  ValidatorType,
} from '@rjsf/utils';
import { problemsToErrorTree } from '#client/schema/problems-to-error-schema.ts';
import type { ArgumentProblem } from '#client/schema/summarize-errors.ts';
import { formFields, formTemplates, formWidgets, translateString } from './form-registry.ts';

const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };

// One empty item for a required array with `minItems` (create_order's items), and no `{}` for optional objects
// the user never opened, so that what the form writes stays close to what the user entered.
const defaultsBehavior: Experimental_DefaultFormStateBehavior = {
  arrayMinItems: { populate: 'requiredOnly' },
  emptyObjectFields: 'skipEmptyDefaults',
};

/** Props of the schema-generated form. */
export interface SchemaFormProps {
  schema: RJSFSchema;
  validator: ValidatorType<unknown, RJSFSchema>;
  formData: unknown;
  /** Problems found by validating against the original schema, shown next to their fields. */
  problems: readonly ArgumentProblem[];
  /**
   * Called with the form's data. `byUser` is false when rjsf changed the data itself (adding defaults as it
   * mounts), which the editor must not mistake for an edit.
   */
  onChange: (data: unknown, byUser: boolean) => void;
}

/**
 * The rjsf form, styled by this folder's templates. It never validates by itself (no submit, no live validation):
 * the editor validates against the tool's original schema and passes the problems in as `extraErrors`.
 */
export function SchemaForm({ schema, validator, formData, problems, onChange }: SchemaFormProps) {
  const extraErrors = useMemo(() => problemsToErrorTree(problems) as ErrorSchema, [problems]);
  return (
    <Form
      schema={schema}
      validator={validator}
      formData={formData}
      uiSchema={uiSchema}
      templates={formTemplates}
      widgets={formWidgets}
      translateString={translateString}
      fields={formFields}
      extraErrors={extraErrors}
      experimental_defaultFormStateBehavior={defaultsBehavior}
      showErrorList={false}
      noHtml5Validate
      tagName="div"
      idPrefix="args"
      className="text-sm"
      // rjsf reports a field's id with every change a user makes, and none for the defaults it fills in itself.
      onChange={(event: IChangeEvent, id?: string) => onChange(event.formData, id !== undefined)}
    />
  );
}
