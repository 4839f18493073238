import { useEffect, useId, useLayoutEffect, useMemo, useState } from 'react';
import type { CallOutcome } from '#client/session/session-types.ts';
import { before, resultFeaturesBeyond } from '#client/era/protocol-revisions.ts';
import { checkTextMirror } from '#client/checks/back-compat.ts';
import { classifyContent } from '#client/content/content-blocks.ts';
import { planOutputCheck, STRUCTURED_OUTPUT_SINCE } from '#client/checks/output-check.ts';
import type { CallEntry } from '../../calls/call-history.ts';
import { Tabs, type TabSpec } from '../../ui/tabs.tsx';
import { OutcomeNotice } from './outcome-notice.tsx';
import { RenderedResult } from './rendered-result.tsx';
import { OutputNotices } from './output-validation/output-notices.tsx';
import { ResultMeta } from './result-meta.tsx';
import { hasResultDetails, ResultDetailsButton, ResultDetailsPanel } from './result-details.tsx';
import { useOutputValidation } from './output-validation/use-output-validation.ts';
import { safeStringify } from '#client/content/json-text.ts';
import { TextViewer } from './text-viewer.tsx';

/**
 * A finished call: how it ended, the spec checks on its output (by the rules of the revision it was made
 * under), and the result itself, rendered or as raw JSON. The checks sit above the tabs so they show in both views.
 */
export function ResultBody({
  outcome,
  outputSchema,
  revision,
  createdTask,
  leadingTabs = [],
  onOutputInvalid,
  onOutputPending,
}: {
  /** Told whether the structured output breaks the tool's outputSchema, so the call's badge does not say OK. */
  onOutputInvalid?: (invalid: boolean) => void;
  /** Told while that check runs (off the main thread), so the badge does not say OK before it is known. */
  onOutputPending?: (pending: boolean) => void;
  /** Tabs shown before the usual viewers (MCP Apps: "App"). */
  leadingTabs?: TabSpec[];
  outcome: CallOutcome;
  outputSchema: unknown;
  revision?: string;
  createdTask?: CallEntry['createdTask'];
}) {
  // The result is typed by the SDK but arrives unvalidated: read it as unknown data.
  const result = outcome.result as Record<string, unknown> | undefined;
  const blocks = useMemo(() => classifyContent(result?.content), [result]);
  const plan = useMemo(
    () => planOutputCheck(outputSchema, result, revision),
    [outputSchema, result, revision],
  );
  const validation = useOutputValidation(plan);
  const invalid =
    (validation.kind === 'invalid' ||
      plan.kind === 'missing-structured' ||
      (plan.kind === 'not-an-object' && plan.hasSchema)) &&
    outcome.status === 'ok';
  useEffect(() => onOutputInvalid?.(invalid), [invalid, onOutputInvalid]);
  const pending = validation.kind === 'pending' && outcome.status === 'ok';
  // Before paint: the header's first frame must not read "OK" for a result whose check has just started.
  useLayoutEffect(() => onOutputPending?.(pending), [pending, onOutputPending]);
  const structured = result?.structuredContent;
  // The text mirror is a SHOULD of the revision that brought structuredContent; earlier ones are not held to it.
  const mirror = useMemo(
    () =>
      typeof structured === 'object' && structured !== null && !before(revision, STRUCTURED_OUTPUT_SINCE)
        ? checkTextMirror(blocks, structured)
        : undefined,
    [blocks, structured, revision],
  );
  const raw = result ?? (outcome.error ? { error: outcome.error } : outcome);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const detailsId = useId();
  const details = { mirror, result, createdTask };

  // Nothing went on the wire: there is no result to render nor raw JSON to read.
  if (outcome.status === 'denied')
    return <p className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">{DENIED_TEXT}</p>;

  return (
    <div className="flex flex-col gap-1">
      {/* Passes and notes share one wrapping line; a problem's box takes the whole width (Notice). */}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1.5 px-3 pt-2 empty:hidden">
        <OutcomeNotice outcome={outcome} revision={revision} />
        <ResultRevisionNotice result={result} revision={revision} />
        <OutputNotices plan={plan} validation={validation} mirror={mirror} />
        <ResultMeta result={result} createdTask={createdTask} />
        {detailsOpen && <ResultDetailsPanel id={detailsId} {...details} />}
      </div>
      <div className="relative flex min-h-0 flex-col">
        {hasResultDetails(details) && (
          <ResultDetailsButton
            open={detailsOpen}
            controls={detailsId}
            onToggle={() => setDetailsOpen(!detailsOpen)}
          />
        )}
        <Tabs
          label="Result view"
          tabs={[
            ...leadingTabs,
            {
              name: 'Rendered',
              content: result ? (
                <RenderedResult
                  blocks={blocks}
                  rawBlocks={result.content}
                  structured={structured}
                  violations={validation.kind === 'invalid' ? validation.violations : []}
                  revision={revision}
                />
              ) : (
                <p className="p-3 text-sm text-slate-500">There is no result to render; see Raw JSON.</p>
              ),
            },
            { name: 'Raw JSON', content: <RawJsonView value={raw} /> },
          ]}
        />
      </div>
    </div>
  );
}

/** What the Result says for a call the user denied in the approval dialog. */
const DENIED_TEXT = 'You denied this call; nothing was sent.';

/** The result exactly as received, as indented JSON; cut for display like any long text. */
export function RawJsonView({ value }: { value: unknown }) {
  // Stringifying even 10 MB is quick; it is putting it all into the DOM that is not.
  const json = useMemo(() => safeStringify(value), [value]);
  return (
    <div className="p-3">
      <TextViewer text={json} language="JSON" fileName="result.json" prettyToggle={false} />
    </div>
  );
}

/** One line naming what the result uses that the negotiated revision does not define (audio, resource_link…). */
export function ResultRevisionNotice({ result, revision }: { result: unknown; revision?: string }) {
  const beyond = resultFeaturesBeyond(revision, result);
  if (!beyond.length) return null;
  return (
    <p role="note" className="text-xs text-violet-700 dark:text-violet-300">
      Not defined in the negotiated revision {revision}:{' '}
      {beyond.map(({ field, since }) => `${field} (since ${since})`).join(', ')}
    </p>
  );
}
