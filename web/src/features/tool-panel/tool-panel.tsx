import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { ListedTool } from '#client/tools/tool-identity.ts';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { parseArgumentsText } from '#client/schema/parse-arguments-text.ts';
import { withoutUnnamedEntries } from '#client/schema/unnamed-entries.ts';
import { panelClass } from '../../ui/field-classes.ts';
import { CallControls } from './call-controls.tsx';
import { ToolHeader } from './tool-header.tsx';
import { ToolDeclaration } from './tool-declaration.tsx';
import { knownRevision } from '#client/era/protocol-revisions.ts';
import { shortTargetName } from './short-target-name.ts';
import { formRoom } from './form-room.ts';
import type { ArgumentsStatus } from '#client/schema/arguments-status.ts';
import { useScrollToFailedArgument, useWholeRows } from './form-fit.ts';

/**
 * Ctrl+Enter (Cmd+Enter on macOS) anywhere in the tool's panel clicks "Call tool", which asks for approval as
 * usual. Caught before the JSON editor, whose own Mod-Enter would insert a line.
 */
function callOnModEnter(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
  const button = event.currentTarget.querySelector<HTMLButtonElement>('button[data-call-tool]');
  if (!button) return;
  event.preventDefault();
  event.stopPropagation();
  if (!button.disabled) button.click();
}

/**
 * Ctrl+Enter outside the tool's panel calls too (as in Postman and GraphiQL), unless the key was meant for
 * another field (the trace filter, the chat's message) or a dialog.
 */
function useCallShortcutAnywhere(panel: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey)
        return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], dialog, [role="dialog"]'))
        return;
      const button = panel.current?.querySelector<HTMLButtonElement>('button[data-call-tool]');
      if (!button || button.disabled || panel.current?.contains(target)) return;
      event.preventDefault();
      button.click();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [panel]);
}

// rjsf, Ajv and CodeMirror load with the first tool opened, not with the page.
const ArgumentsEditor = lazy(() => import('../arguments/arguments-editor.tsx'));

/** The selected tool: what it is, its arguments (form or JSON), and the Call tool button. */
export function ToolPanel({ listed }: { listed: ListedTool | undefined }) {
  const { session, workspace, replay, history, runner } = useServices();
  // In a replay, a call picked in History shows its result below: the hint on how to get one is done.
  const resultShown = useStore(history, (s) => s.selectedId !== undefined);
  const connected = useStore(session.state, (s) => s.status === 'connected');
  const connectingTo = useStore(session.state, (s) =>
    s.status === 'connecting' && s.target ? shortTargetName(s.target) : undefined,
  );
  const revision = useStore(session.state, (s) => knownRevision(s.server?.protocolVersion));
  const drafts = useStore(workspace, (s) => s.drafts);
  const panel = useRef<HTMLElement>(null);
  useCallShortcutAnywhere(panel);
  // Reported by the arguments editor, said on the Call tool line (which has the room) rather than under the form.
  const [matches, setMatches] = useState(false);
  const [status, setStatus] = useState<ArgumentsStatus>();
  const [formBox, setFormBox] = useState<HTMLDivElement | null>(null);
  const cover = useWholeRows(formBox);
  useScrollToFailedArgument(formBox, history, listed?.key ?? '', status);
  // Another result in the Result pane (a new call, another tool, a History row) folds an expanded form back.
  const shownResult = useStore(history, (s) => s.selectedId);
  const running = useStore(runner, (s) => s.running.length);
  useEffect(() => {
    if (formRoom.get().expanded) formRoom.update({ expanded: false });
  }, [shownResult, running]);

  if (!listed) {
    return (
      <section
        className={`${panelClass} items-center justify-center p-6 text-sm text-slate-500`}
        aria-label="Tool"
      >
        {replay
          ? resultShown
            ? ''
            : 'Select a tool on the left to see its schema, or a call in History to see its result.'
          : connected
            ? 'Select a tool on the left.'
            : connectingTo
              ? `Connecting to ${connectingTo}…`
              : 'Connect to a server to see its tools.'}
      </section>
    );
  }
  const { tool, key } = listed;
  const text = drafts[key] ?? '';
  // Invalid arguments may be sent on purpose; only text that is not a JSON object cannot be.
  const parsed = parseArgumentsText(text);
  // A map entry whose key is still empty is not sent; the approval dialog says so.
  const named = parsed.value ? withoutUnnamedEntries(parsed.value) : undefined;
  return (
    <section
      ref={panel}
      className={`${panelClass} min-h-0`}
      aria-label="Tool"
      onKeyDownCapture={callOnModEnter}
    >
      <ToolHeader listed={listed} />
      <div className="relative flex min-h-0 flex-1 flex-col">
        <div ref={setFormBox} className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-3">
          <ToolDeclaration tool={tool} revision={revision} />
          <Suspense fallback={<p className="text-xs text-slate-500">Loading the arguments editor…</p>}>
            <ArgumentsEditor
              key={key}
              tool={tool}
              revision={revision}
              text={text}
              onTextChange={(value) => workspace.setDraft(key, value)}
              onMatchChange={setMatches}
              onStatusChange={setStatus}
            />
          </Suspense>
          {/* A line cut by the pane's edge fades out instead, so it reads as "more below", not as a glitch;
            at the end of the scroll the fade sits below the last line and covers nothing. */}
          <div
            aria-hidden
            data-form-fade
            className="pointer-events-none sticky bottom-0 -mt-3 h-6 shrink-0 bg-linear-to-t from-white to-transparent dark:from-slate-900"
          />
        </div>
        {/* The pane ends on a whole field row: a row the bottom edge would cut in half is covered, and shows
          whole once scrolled to (the pane's height follows the Result, not the form's rows). */}
        {cover.height > 0 && (
          <div
            aria-hidden
            data-form-cover
            className="absolute bottom-0 left-0 overflow-hidden bg-white px-3 pt-1 dark:bg-slate-900"
            style={{ height: cover.height, right: cover.scrollbar }}
          >
            {/* A mouse shortcut only (keyboard and screen readers reach the next field by Tab): it brings the
              covered row into view. */}
            {cover.height >= 24 && (
              <button
                type="button"
                tabIndex={-1}
                className="text-[11px] text-slate-500 hover:text-indigo-600 dark:text-slate-400 dark:hover:text-indigo-300"
                onClick={() => formBox?.scrollBy({ top: Math.max(cover.height, formBox.clientHeight / 2) })}
              >
                More fields below ▾
              </button>
            )}
          </div>
        )}
      </div>
      <CallControls
        listed={listed}
        args={named?.value}
        leftOut={named?.unnamed}
        matches={matches}
        status={status}
        blockedReason={connected ? (parsed.error ? 'Fix the JSON to call' : undefined) : 'Not connected'}
      />
    </section>
  );
}
