import { Fragment, useId, useState } from 'react';
import type { ArgumentsStatus } from '#client/schema/arguments-status.ts';
import type { PreparedToolSchema } from '#client/schema/prepare-tool-schema.ts';
import { ArgumentProblems } from './argument-problems.tsx';
import { ArgumentsTabs, tabIds, type ArgumentsView } from './arguments-tabs.tsx';
import { FormErrorBoundary } from './form-error-boundary.tsx';
import { FormView } from './form-view.tsx';
import { JsonView } from './json-view.tsx';
import { FormNotes, Notice } from './notices.tsx';
import { hintClass } from './form-classes.ts';
import { engineNote } from '#client/schema/schema-for-engine.ts';
import { isEmptyArgumentsText } from '#client/schema/parse-arguments-text.ts';

/**
 * Tabs over the two views of one tool's arguments. Only the selected view is mounted: switching to the form parses
 * the text afresh, and switching back shows the text, which the form has rewritten only if it was edited.
 */
export function ArgumentsPanel({
  prepared,
  text,
  status,
  showMatch = true,
  onTextChange,
}: {
  prepared: PreparedToolSchema;
  text: string;
  status: ArgumentsStatus;
  /** False when the caller shows "✓ Arguments match the input schema" elsewhere (the Call tool line). */
  showMatch?: boolean;
  onTextChange: (text: string) => void;
}) {
  const idBase = useId();
  const [view, setView] = useState<ArgumentsView>('form');
  const [crash, setCrash] = useState<string>();
  const { schema, notes, dialectInfo } = prepared.normalized;
  const fallbackReason =
    prepared.normalized.fallbackReason ??
    (crash === undefined ? undefined : `The form could not be drawn for this schema (${crash}).`);
  // A tool without arguments has a "form" too: the note that says so.
  const formAvailable =
    prepared.noParams || (!fallbackReason && schema !== undefined && prepared.formValidator !== undefined);
  const shown: ArgumentsView = formAvailable ? view : 'json';
  const ids = tabIds(idBase, shown);
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <span className="flex min-w-0 items-baseline gap-2">
          <span className="shrink-0 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
            Arguments
          </span>
          <DialectLabel label={dialectInfo.label} />
        </span>
        <ArgumentsTabs idBase={idBase} selected={shown} formDisabled={!formAvailable} onSelect={setView} />
      </div>
      {dialectInfo.problem && <Notice>{dialectInfo.problem}</Notice>}
      {engineNote(dialectInfo) && <p className={hintClass}>{engineNote(dialectInfo)}</p>}
      <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} className="flex min-w-0 flex-col gap-2">
        {shown === 'form' && prepared.noParams ? (
          <NoArgumentsNote sendsSome={!isEmptyArgumentsText(text)} />
        ) : shown === 'form' && schema && prepared.formValidator ? (
          <>
            <FormErrorBoundary onError={setCrash}>
              <FormView
                schema={schema}
                validator={prepared.formValidator}
                text={text}
                problems={status.validationErrors}
                onTextChange={onTextChange}
              />
            </FormErrorBoundary>
            <FormNotes notes={notes} />
          </>
        ) : (
          <JsonView text={text} status={status} fallbackReason={fallbackReason} onTextChange={onTextChange} />
        )}
      </div>
      {/* A tool without arguments called without any: nothing to check, nothing to say. */}
      {!(prepared.noParams && isEmptyArgumentsText(text)) && (
        <ArgumentProblems status={status} showMatch={showMatch} />
      )}
    </div>
  );
}

/**
 * "JSON Schema 2020-12 · default of 2026-07-28": in a narrow pane it wraps between its parts, never inside one
 * (a date cut to "2026-07…" reads as a glitch), and the tooltip has the whole text.
 */
export function DialectLabel({ label }: { label: string }) {
  const parts = label.split(' · ');
  return (
    <span className={hintClass} title={`${label}: the JSON Schema dialect the input schema is read with`}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && ' · '}
          <span className="whitespace-nowrap">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}

/**
 * The form of a tool that declares no arguments. The JSON tab stays, so arguments can still be sent on purpose
 * to see whether the server refuses them.
 */
function NoArgumentsNote({ sendsSome }: { sendsSome: boolean }) {
  return (
    <p className={hintClass}>
      This tool takes no arguments.{' '}
      {sendsSome
        ? 'The JSON tab holds arguments it does not declare: they are sent as they are.'
        : 'To test how the server handles unexpected ones, type them in the JSON tab.'}
    </p>
  );
}
