import type { CallOutcome } from '#client/session/session-types.ts';
import { explainCallError, explainMcpError, jsonRpcErrorName, stripMcpPrefix } from './jsonrpc-codes.ts';
import { safeStringify } from '#client/content/json-text.ts';
import { Notice } from './notice.tsx';
import { outcomeLook } from './outcome-badge.tsx';
import { TextViewer } from './text-viewer.tsx';
import { before } from '#client/era/protocol-revisions.ts';
import { Disclosure } from '../../ui/disclosure.tsx';

/** The revision that asks for input validation failures as tool execution errors (SEP-1303). */
export const INPUT_ERRORS_AS_TOOL_ERRORS_SINCE = '2025-11-25';

/**
 * How the call failed, when it did. A tool error (amber) is a normal result the model should read;
 * a protocol error (red) means the request itself was rejected and there is no result at all.
 */
export function OutcomeNotice({ outcome, revision }: { outcome: CallOutcome; revision?: string }) {
  return (
    <>
      {outcome.retryOf && <RetryNotice first={outcome.retryOf} />}
      <EndingNotice outcome={outcome} revision={revision} />
    </>
  );
}

/** The call was answered -32020 first: the tools were listed again and the call retried, once. */
function RetryNotice({ first }: { first: NonNullable<CallOutcome['retryOf']> }) {
  return (
    <Notice kind="info" title="Retried after a header mismatch">
      The first attempt was refused with JSON-RPC error {first.code} · {jsonRpcErrorName(first.code)} (
      {stripMcpPrefix(first.message)}). As the spec asks, Toolscope listed the tools again and retried the
      call once, with a new request id: both attempts are in the trace.
    </Notice>
  );
}

function EndingNotice({ outcome, revision }: { outcome: CallOutcome; revision?: string }) {
  const { status, result, error } = outcome;
  if (status === 'tool-error' || (result as { isError?: unknown } | undefined)?.isError === true) {
    return (
      <Notice kind="warning" title="Tool error">
        The tool ran and reported a failure (isError: true). Its explanation is in the content below.
      </Notice>
    );
  }
  if (status === 'protocol-error') {
    const name = jsonRpcErrorName(error?.code);
    const explained =
      explainMcpError(error?.code, error?.data) ??
      explainCallError(error?.code, String(error?.message ?? ''));
    const sepNote =
      error?.code === -32602 &&
      revision !== undefined &&
      !before(revision, INPUT_ERRORS_AS_TOOL_ERRORS_SINCE);
    return (
      <Notice kind="error" title="Protocol error">
        <p className="font-mono">
          JSON-RPC error {error?.code ?? '(no code)'}
          {name && ` · ${name}`}
        </p>
        <p className="mt-0.5 text-sm whitespace-pre-wrap">
          {error ? stripMcpPrefix(String(error.message)) : 'No error message.'}
        </p>
        {error?.data !== undefined && (
          <div className="mt-1">
            <p className="mb-0.5 font-semibold">data</p>
            <TextViewer text={safeStringify(error.data)} fileName="error-data.json" prettyToggle={false} />
          </div>
        )}
        {/* What the server said comes first; what the spec says about it waits behind one click. */}
        {(explained || sepNote) && (
          <Disclosure
            className="mt-1 text-xs"
            summaryClassName="cursor-pointer font-medium"
            summary={<>What does {error?.code ?? 'this error'} mean?</>}
          >
            {explained && (
              <p role="note" className="mt-1">
                {explained}
              </p>
            )}
            {sepNote && (
              <p role="note" className="mt-1">
                Under {revision}, input validation failures are expected as tool execution errors (a result
                with isError: true), so a model can read the error and correct its arguments (SEP-1303).
                Invalid params (-32602) should mean a malformed request, such as an unknown tool.
              </p>
            )}
          </Disclosure>
        )}
      </Notice>
    );
  }
  if (!result) {
    // Cancelled, timed out, denied, or a status added later: say what happened, plainly.
    return (
      <Notice kind="info" title={`No result: ${outcomeLook(status).label.toLowerCase()}`}>
        {error?.message}
      </Notice>
    );
  }
  return null;
}
