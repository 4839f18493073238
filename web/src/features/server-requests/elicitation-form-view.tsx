import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { useMemo } from 'react';
import { toElicitationForm } from './elicitation-schema.ts';
import { ElicitationAnswerButtons } from './elicitation-answer-buttons.tsx';
import { rjsfFormClass, stickyActionsClass } from './panel-classes.ts';

/** A form-mode elicitation: the server's message, a form from its schema, and the three answers. */
export function ElicitationFormView({
  params,
  onAnswer,
}: {
  params: ElicitRequestFormParams;
  onAnswer: (result: ElicitResult) => void;
}) {
  const form = useMemo(() => toElicitationForm(params.requestedSchema), [params.requestedSchema]);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm break-words whitespace-pre-wrap">{params.message}</p>
      <div className={rjsfFormClass}>
        <Form
          schema={form.schema}
          uiSchema={form.uiSchema}
          validator={validator}
          // The browser's own required/format checks would block submit before rjsf reports.
          noHtml5Validate
          showErrorList={false}
          onSubmit={({ formData }) =>
            onAnswer({ action: 'accept', content: (formData ?? {}) as ElicitResult['content'] })
          }
        >
          <div className={stickyActionsClass}>
            <ElicitationAnswerButtons onAnswer={onAnswer} />
          </div>
        </Form>
      </div>
    </div>
  );
}
