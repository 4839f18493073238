import { useEffect, useMemo, useRef } from 'react';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { isEmptyArgumentsText, parseArgumentsText } from '#client/schema/parse-arguments-text.ts';
import type { ArgumentProblem } from '#client/schema/summarize-errors.ts';
import { fromFormKeys, toFormKeys } from '#client/schema/unnamed-entries.ts';
import { Notice } from './notices.tsx';
import { SchemaForm } from './schema-form.tsx';

/** Props of the form tab. */
export interface FormViewProps {
  schema: RJSFSchema;
  validator: ValidatorType<unknown, RJSFSchema>;
  text: string;
  problems: readonly ArgumentProblem[];
  onTextChange: (text: string) => void;
}

/**
 * The form tab: parses the arguments text into the form, and writes the form's data back as indented JSON.
 * Text that does not parse is left alone (the form would have to discard it), with a note saying so. A map entry
 * with an empty key crosses over under a stand-in key (see unnamed-entries.ts), which rjsf can hold.
 */
export function FormView({ schema, validator, text, problems, onTextChange }: FormViewProps) {
  const parsed = useMemo(() => parseArgumentsText(text), [text]);
  const formData = useMemo(() => toFormKeys(parsed.value), [parsed]);
  const textRef = useRef(text);
  useEffect(() => {
    textRef.current = text;
  });

  if (parsed.error !== undefined) {
    return <Notice>The form cannot show the current text. {parsed.error}. Fix it in the JSON tab.</Notice>;
  }

  const onChange = (data: unknown, byUser: boolean) => {
    const next = JSON.stringify(fromFormKeys(data ?? {}), null, 2);
    if (byUser) {
      onTextChange(next);
      return;
    }
    // rjsf fills in defaults while it mounts, that is during rendering, when the parent may not update: defer.
    // Defaults only go into empty arguments; text the user typed is never rewritten unless they edit the form.
    queueMicrotask(() => {
      if (isEmptyArgumentsText(textRef.current) && !isEmptyArgumentsText(next)) onTextChange(next);
    });
  };

  return (
    <SchemaForm
      schema={schema}
      validator={validator}
      formData={formData}
      problems={problems}
      onChange={onChange}
    />
  );
}
