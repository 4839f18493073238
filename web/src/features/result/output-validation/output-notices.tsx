import type { MirrorCheck } from '#client/checks/back-compat.ts';
import type { OutputCheckPlan } from '#client/checks/output-check.ts';
import { Notice } from '../notice.tsx';
import type { ValidationState } from './use-output-validation.ts';
import { ViolationList } from './violation-list.tsx';

/** What validating a result's structured output found: outputSchema conformance, and a text mirror that is missing. */
export function OutputNotices({
  plan,
  validation,
  mirror,
}: {
  plan: OutputCheckPlan;
  validation: ValidationState;
  mirror: MirrorCheck | undefined;
}) {
  return (
    <>
      <SchemaCheck plan={plan} validation={validation} />
      {/* A mirror that is there is no news: it waits behind the Result's "Details" (MirrorNote). */}
      {mirror?.kind === 'missing' && (
        // A SHOULD for older clients, not a fault in the result: a quiet line, not a box above it.
        <Notice compact kind="info" title="No text block mirrors structuredContent (a back-compat SHOULD)" />
      )}
    </>
  );
}

/** The healthy mirror, said on demand. */
export function MirrorNote({ mirror }: { mirror: Extract<MirrorCheck, { kind: 'mirrors' }> }) {
  return (
    <Notice
      compact
      kind="info"
      title={`Text block mirrors structuredContent (content block ${mirror.blockIndex + 1})`}
    />
  );
}

function SchemaCheck({ plan, validation }: { plan: OutputCheckPlan; validation: ValidationState }) {
  switch (plan.kind) {
    case 'none':
      return null;
    case 'beyond-revision':
      return (
        <Notice
          compact
          kind="info"
          title={`outputSchema and structuredContent are not defined in ${plan.revision} (since ${plan.since}): not checked`}
        />
      );
    case 'skipped-tool-error':
      return (
        <Notice compact kind="info" title="Not checked against outputSchema: the tool reported an error" />
      );
    case 'missing-structured':
      return (
        <Notice kind="error" title="Output schema violation: no structuredContent">
          The tool declares an outputSchema, so its result MUST include structuredContent conforming to it.
        </Notice>
      );
    case 'not-an-object':
      return (
        <Notice
          kind={plan.hasSchema ? 'error' : 'warning'}
          title={plan.hasSchema ? 'Output schema violation' : 'Malformed structuredContent'}
        >
          structuredContent must be a JSON object.
        </Notice>
      );
    case 'validate':
      return (
        <>
          <ValidationNotice validation={validation} />
          {'dialect' in validation && validation.dialect?.problem && (
            <Notice compact kind="warning" title={`outputSchema: ${validation.dialect.problem}`} />
          )}
        </>
      );
  }
}

function ValidationNotice({ validation }: { validation: ValidationState }) {
  switch (validation.kind) {
    case 'not-applicable':
      return null;
    case 'pending':
      return <Notice compact kind="info" title="Checking against outputSchema…" />;
    case 'valid':
      return <Notice compact kind="ok" title={`Matches outputSchema (${validation.dialect.label})`} />;
    case 'invalid':
      return (
        <Notice kind="error" title="Output schema violation">
          <p className="mb-1">Checked as {validation.dialect.label}.</p>
          <ViolationList violations={validation.violations} />
        </Notice>
      );
    case 'compile-error':
      return (
        <Notice
          kind="warning"
          title={<Detailed lead="Output schema could not be compiled:" message={validation.message} />}
        />
      );
    case 'validator-failed':
      return (
        <Notice
          kind="warning"
          title={<Detailed lead="Output schema check failed:" message={validation.message} />}
        />
      );
    case 'timed-out':
      return (
        <Notice kind="warning" title={`Output schema check stopped after ${validation.afterMs / 1000} s`}>
          The schema may contain a pattern that backtracks badly on this data.
        </Notice>
      );
    case 'load-failed':
      return (
        <Notice
          kind="warning"
          title={<Detailed lead="Schema validator could not be loaded:" message={validation.message} />}
        />
      );
  }
}

/** A bold lead-in followed by a machine message in normal weight, read as one sentence. */
function Detailed({ lead, message }: { lead: string; message: string }) {
  return (
    <span>
      {lead} <span className="font-normal break-words">{message}</span>
    </span>
  );
}
