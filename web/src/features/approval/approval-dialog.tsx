import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { primaryButtonClass, secondaryButtonClass } from '../../ui/field-classes.ts';
import { AnnotationBadges } from '../tool-list/annotation-badges.tsx';
import { describeNonStringName, displayName, nameText } from '#client/tools/tool-identity.ts';
import { describeTaskDecision } from '#client/tasks/task-decision.ts';
import { claimsReadOnly, readAnnotations } from '#client/tools/tool-annotations.ts';
import { knownRevision } from '#client/era/protocol-revisions.ts';
import { serverName } from '#client/session/server-name.ts';
import { ServerNameText } from '../../ui/server-name-text.tsx';
import { CheckboxField } from '../../ui/checkbox-field.tsx';

type Notice = typeof import('./arguments-check-notice.tsx').ArgumentsCheckNotice;

/**
 * The schema check's chunk (Ajv and the form's schema code, kept out of the first screen's JavaScript). The
 * dialog fetches it when it mounts, long before a call, and opens only once it is there, so the warnings are
 * in the dialog the moment it opens: rendered through Suspense they came 0.3-3 s later (React holds a
 * suspended part back), while Approve already had the focus.
 */
let noticeChunk: Promise<Notice | undefined> | undefined;
let loadedNotice: Notice | undefined;
function loadNotice(): Promise<Notice | undefined> {
  noticeChunk ??= import('./arguments-check-notice.tsx').then(
    (m) => (loadedNotice = m.ArgumentsCheckNotice),
    // Offline later: the dialog still opens, without the check.
    () => undefined,
  );
  return noticeChunk;
}

/** The check's component once loaded; `ready` once loading ended either way. */
function useNotice(): { Notice: Notice | undefined; ready: boolean } {
  const [state, setState] = useState(() => ({ Notice: loadedNotice, ready: loadedNotice !== undefined }));
  useEffect(() => {
    if (state.ready) return;
    let live = true;
    void loadNotice().then((Notice) => live && setState({ Notice, ready: true }));
    return () => {
      live = false;
    };
  }, [state.ready]);
  return state;
}

export function ApprovalDialog() {
  const { runner, policy, session } = useServices();
  const pending = useStore(runner, (s) => s.pending);
  const queued = useStore(runner, (s) => s.queued);
  const revision = useStore(session.state, (s) => knownRevision(s.server?.protocolVersion));
  const trustedServers = useStore(policy, (s) => s.trustedServers);
  const serverInfo = useStore(session.state, (s) => s.server?.info);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const approveRef = useRef<HTMLButtonElement>(null);
  const [always, setAlways] = useState(false);
  const [skipReadOnly, setSkipReadOnly] = useState(false);
  const skippingReadOnly = useStore(policy, (s) => s.skipReadOnlyOfTrusted);
  const { Notice, ready } = useNotice();
  // A call made before the check's chunk arrived waits for it (a moment, once per page) rather than open without it.
  const opened = ready ? pending : undefined;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (pending && !ready) return;
    if (pending && !dialog.open) {
      setAlways(false);
      setSkipReadOnly(false);
      dialog.showModal();
    } else if (!pending && dialog.open) dialog.close();
    // Approve has the focus for every call, the user's, the model's or a View's, and for the next call
    // queued behind an answered one. React's autoFocus ran while the dialog was still closed, so showModal()
    // would otherwise pick the first control it finds ("Always allow this tool").
    if (pending) approveRef.current?.focus();
  }, [pending, ready]);

  const approve = () => {
    // "Don't ask for this server's read-only tools" is the two Settings a user would otherwise look for:
    // trust this server's annotations, and skip approval for read-only tools of trusted servers.
    if (skipReadOnly && pending) {
      policy.setTrusted(pending.server, true);
      policy.updateSettings({ skipReadOnlyOfTrusted: true });
    }
    runner.answer(true, always);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault();
      approve();
    }
  };

  const trusted = pending ? trustedServers.includes(pending.server) : false;
  // Offered for a tool the server calls read-only, unless that choice is already made for this server.
  const offerSkipReadOnly =
    pending !== undefined && claimsReadOnly(pending.tool.annotations) && !(trusted && skippingReadOnly);
  const name = pending ? nameText(pending.tool.name) : '';
  const shown = pending ? displayName(pending.tool).text : '';
  const nameProblem = pending ? describeNonStringName(pending.tool.name) : undefined;
  const reading = pending ? readAnnotations(pending.tool.annotations) : undefined;
  const annotationProblems = reading?.problems ?? [];
  const anyDeclared = reading?.hints.some((hint) => hint.source === 'declared') ?? false;
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="approval-title"
      onCancel={(event) => {
        event.preventDefault();
        runner.answer(false);
      }}
      onKeyDown={onKeyDown}
      className="m-auto w-[min(40rem,92vw)] rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {pending && opened && (
        <div className="flex max-h-[calc(100dvh-2.5rem)] flex-col gap-3 p-5">
          <h2 id="approval-title" className="text-lg font-semibold">
            Approve tool call
          </h2>
          {queued > 0 && (
            <p role="status" className="-mt-2 text-xs text-slate-500">
              {queued === 1 ? '1 more call waits' : `${queued} more calls wait`} for your answer after this
              one
            </p>
          )}
          <dl className="grid grid-cols-[6rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500">Server</dt>
            <dd className="min-w-0">
              <ServerNameText name={serverName(serverInfo, pending.server)} stacked />
            </dd>
            {pending.origin === 'model' && (
              <>
                <dt className="text-slate-500">Asked by</dt>
                <dd>the model in Chat (its arguments, as it wrote them)</dd>
              </>
            )}
            {pending.origin === 'view' && (
              <>
                <dt className="text-slate-500">Asked by</dt>
                <dd>an MCP App's View (the interface a tool showed in the Result)</dd>
              </>
            )}
            <dt className="text-slate-500">Tool</dt>
            <dd className="break-all">
              {shown !== name && <span className="mr-2 font-semibold">{shown}</span>}{' '}
              <span className="font-mono font-semibold">{name}</span>
              {pending.duplicate && (
                <span className="ml-2 text-xs text-amber-700 dark:text-amber-400">
                  tool {pending.duplicate.occurrence} of {pending.duplicate.sameName} with this name
                </span>
              )}
              {nameProblem && <p className="text-xs text-amber-700 dark:text-amber-400">⚠ {nameProblem}</p>}
            </dd>
            {(pending.decision.task || pending.decision.forced || pending.decision.mode !== 'forbidden') && (
              <>
                <dt className="text-slate-500">Mode</dt>
                <dd className={pending.decision.forced ? 'text-amber-700 dark:text-amber-400' : undefined}>
                  {describeTaskDecision(pending.decision)}
                  {pending.decision.note && <p className="text-xs">{pending.decision.note}</p>}
                </dd>
              </>
            )}
            <dt className="text-slate-500">Annotations</dt>

            <dd className="flex flex-wrap items-center gap-1">
              <AnnotationBadges annotations={pending.tool.annotations} trusted={trusted} />
              <span className="text-xs text-slate-500">
                {!anyDeclared
                  ? '(none declared)'
                  : trusted
                    ? '(trusted server)'
                    : 'unverified: the server’s own claims'}
              </span>
              {annotationProblems.map((problem) => (
                <span key={problem} className="w-full text-xs text-amber-700 dark:text-amber-400">
                  ⚠ {problem}
                </span>
              ))}
            </dd>
          </dl>
          {/* The arguments take up to 60% of the window's height; in a short window they give way first
              (the only part allowed to shrink), so Approve stays in view. */}
          <div className="flex min-h-0 flex-col">
            <p className="mb-1 text-sm text-slate-500">Arguments, exactly as they will be sent</p>
            <pre
              aria-label="Arguments to send"
              className="min-h-16 max-h-[60vh] overflow-auto rounded-md bg-slate-100 p-3 font-mono text-xs whitespace-pre-wrap break-all dark:bg-slate-950"
            >
              {JSON.stringify(pending.args, null, 2)}
            </pre>
          </div>
          {Notice && (
            <Notice
              inputSchema={pending.tool.inputSchema}
              args={pending.args}
              leftOut={pending.leftOut}
              revision={revision}
            />
          )}
          <CheckboxField
            className="gap-2 text-sm"
            checked={always}
            onChange={(e) => setAlways(e.target.checked)}
            label="Always allow this tool"
          />
          {offerSkipReadOnly && (
            <CheckboxField
              className="gap-2 text-sm"
              checked={skipReadOnly}
              onChange={(e) => setSkipReadOnly(e.target.checked)}
              label={
                <>
                  Don&apos;t ask for this server&apos;s read-only tools
                  <span className="text-xs text-slate-500">(trusts its annotations; undo in Settings)</span>
                </>
              }
            />
          )}
          <div className="flex justify-end gap-2">
            <button type="button" className={secondaryButtonClass} onClick={() => runner.answer(false)}>
              Deny
            </button>
            <button ref={approveRef} type="button" autoFocus className={primaryButtonClass} onClick={approve}>
              Approve
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
