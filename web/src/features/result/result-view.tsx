import { useState } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { panelClass, panelHeaderClass } from '../../ui/field-classes.ts';
import { OutcomeBadge } from './outcome-badge.tsx';
import { ResultBody } from './result-body.tsx';
import { knownRevision } from '#client/era/protocol-revisions.ts';
import { findTool, listTools } from '#client/tools/tool-identity.ts';
import { RunningCall } from './running-call.tsx';
import { usePreviousConnection } from './use-previous-connection.ts';
import { useAppTabs, ViewProposalsOnStage } from '../apps/apps.ts';
import { ResultHint } from './result-hint.tsx';
import { ResultTitle } from './result-title.tsx';
import { measuredAtBridge } from './measured-at-bridge.ts';
import { shownToolCall } from '../../calls/call-history.ts';

/** The result of the selected call: rendered by content type, checked against the spec, or raw. */
export function ResultView() {
  const { history, session, runner, replay, workspace } = useServices();
  const toolKey = useStore(workspace, (s) => s.selectedTool);
  const call = useStore(history, (s) => shownToolCall(s, toolKey));
  // The schema the tool declared when it was called; else the one it declares now (older records, replays).
  const listedSchema = useStore(session.state, (s) => {
    if (!call) return undefined;
    const listed =
      findTool(s.tools, call.toolKey) ?? listTools(s.tools).find((l) => l.nameText === call.tool);
    return listed?.tool.outputSchema;
  });
  const outputSchema = call && 'outputSchema' in call ? call.outputSchema : listedSchema;
  // Judged by the revision it was made under; records without one (replays) take the session's.
  const sessionRevision = useStore(session.state, (s) => knownRevision(s.server?.protocolVersion));
  const revision = call?.revision ?? sessionRevision;
  const progress = useStore(runner, (s) => s.running.find((running) => running.id === call?.id)?.progress);
  const previous = usePreviousConnection(call?.startedAt) || call?.restored === true;
  // MCP Apps: a call of a tool that links a View gets the "App" tab first.
  const appTabs = useAppTabs(call);
  // The call whose output is being checked: its badge waits for the verdict instead of flipping from OK.
  const [checking, setChecking] = useState<number>();
  // Reported by the body once it has checked the output, and kept on the call so its history row agrees.
  const markOutput = (id: number, invalid: boolean) => {
    if ((history.find(id)?.outputInvalid === true) !== invalid) history.amend(id, { outputInvalid: invalid });
  };

  return (
    <section className={`${panelClass} min-h-0`} aria-label="Result">
      <div className={`${panelHeaderClass} @container`}>
        Result
        {/* Until there is a result, the panel is this one line, and the tool's form has the room. */}
        {!call && <ResultHint call={call} />}
        {call && <ResultTitle call={call} roomy={!previous} />}
        {call && !previous && <ResultHint call={call} />}
        {previous && (
          <span
            role="note"
            // Wraps onto two lines (and gives way first) rather than cut the tool's title.
            className="min-w-[5rem] shrink-[4] rounded bg-amber-100 px-1.5 text-xs leading-tight font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-300"
          >
            from the previous connection
          </span>
        )}
        {call?.outcome && (
          <OutcomeBadge
            outcome={call.outcome}
            outputInvalid={call.outputInvalid === true}
            namedDuration
            atBridge={measuredAtBridge(replay)}
            outputChecking={checking === call.id}
          />
        )}
      </div>
      {call && (
        <div className={`min-h-0 flex-1 overflow-auto ${previous ? 'opacity-70' : ''}`}>
          {!call.outcome && <RunningCall callId={call.id} progress={progress} />}
          {call.outcome && (
            <ResultBody
              key={call.id}
              outcome={call.outcome}
              outputSchema={outputSchema}
              revision={revision}
              createdTask={call.createdTask}
              leadingTabs={appTabs}
              onOutputInvalid={(invalid) => markOutput(call.id, invalid)}
              onOutputPending={(pending) =>
                setChecking((id) => (pending ? call.id : id === call.id ? undefined : id))
              }
            />
          )}
        </div>
      )}
      {appTabs.length > 0 && <ViewProposalsOnStage />}
    </section>
  );
}
