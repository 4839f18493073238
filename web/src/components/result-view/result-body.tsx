import { useMemo } from 'react';
import type { CallOutcome } from '../../mcp/session-types.ts';
import { checkTextMirror } from '../../results/back-compat.ts';
import { classifyContent } from '../../results/content-blocks.ts';
import { planOutputCheck } from '../../results/output-check.ts';
import { Tabs } from '../ui/tabs.tsx';
import { OutcomeNotice } from './outcome-notice.tsx';
import { RawJsonView } from './raw-json-view.tsx';
import { RenderedResult } from './rendered-result.tsx';
import { ResultChecks } from './result-checks.tsx';
import { useOutputValidation } from './use-output-validation.ts';

/**
 * A finished call: how it ended, the spec checks on its output, and the result itself,
 * rendered or as raw JSON. The checks sit above the tabs so they show in both views.
 */
export function ResultBody({ outcome, outputSchema }: { outcome: CallOutcome; outputSchema: unknown }) {
  // The result is typed by the SDK but arrives unvalidated: read it as unknown data.
  const result = outcome.result as Record<string, unknown> | undefined;
  const blocks = useMemo(() => classifyContent(result?.content), [result]);
  const plan = useMemo(() => planOutputCheck(outputSchema, result), [outputSchema, result]);
  const validation = useOutputValidation(plan);
  const structured = result?.structuredContent;
  const mirror = useMemo(
    () =>
      typeof structured === 'object' && structured !== null ? checkTextMirror(blocks, structured) : undefined,
    [blocks, structured],
  );
  const raw = result ?? (outcome.error ? { error: outcome.error } : outcome);

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-2 px-3 pt-3 empty:hidden">
        <OutcomeNotice outcome={outcome} />
        <ResultChecks plan={plan} validation={validation} mirror={mirror} />
      </div>
      <Tabs
        label="Result view"
        tabs={[
          {
            name: 'Rendered',
            content: result ? (
              <RenderedResult
                blocks={blocks}
                rawBlocks={result.content}
                structured={structured}
                violations={validation.kind === 'invalid' ? validation.violations : []}
              />
            ) : (
              <p className="p-3 text-sm text-slate-500">There is no result to render; see Raw JSON.</p>
            ),
          },
          { name: 'Raw JSON', content: <RawJsonView value={raw} /> },
        ]}
      />
    </div>
  );
}
