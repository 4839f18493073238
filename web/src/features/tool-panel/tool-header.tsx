import { useState } from 'react';
import { AnnotationBadges } from '../tool-list/annotation-badges.tsx';
import { ToolUiBadge } from '../apps/apps.ts';
import { ToolIcon } from '../tool-list/tool-icon.tsx';
import { useToolIcon } from '../tool-list/use-tool-icon.ts';
import { useTrustedServer } from '../tool-list/use-trusted.ts';
import { SafeMarkdown } from '../../ui/safe-markdown.tsx';
import { toolNameProblems } from '#client/tools/tool-name-rules.ts';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { knownRevision, toolFieldsBeyond } from '#client/era/protocol-revisions.ts';
import { describeNonStringName, displayName, type ListedTool } from '#client/tools/tool-identity.ts';
import { readAnnotations } from '#client/tools/tool-annotations.ts';
import { formRoom } from './form-room.ts';
import { FoldRow } from './fold-row.tsx';

const warningClass = 'text-xs text-amber-700 dark:text-amber-400';

/** Display name and name, badges, what breaks the spec or the negotiated revision, and the description. */
export function ToolHeader({ listed }: { listed: ListedTool }) {
  const { tool, nameText, sameName, occurrence } = listed;
  const taskSupport = (tool as { execution?: { taskSupport?: unknown } }).execution?.taskSupport;
  const { session, policy, runner, replay, history } = useServices();
  // Once a result shows, the pane is shorter: the description and hints fold behind "Tool details", so the
  // form keeps the room (warnings stay).
  const hasResult = useStore(history, (s) => s.selectedId !== undefined);
  const [expanded, setExpanded] = useState(false);
  const folded = hasResult && !expanded;
  const revision = useStore(session.state, (s) => knownRevision(s.server?.protocolVersion));
  const trusted = useTrustedServer();
  const icon = useToolIcon(tool, 20);
  const shown = displayName(tool);
  const problems = toolNameProblems(tool.name, revision).filter(
    (problem) => problem !== 'name is not a string',
  );
  const nameProblem = describeNonStringName(tool.name);
  const annotations = readAnnotations(tool.annotations);
  const annotationsLabel = !annotations.hints.some((hint) => hint.source === 'declared')
    ? 'No hints declared;'
    : trusted
      ? 'The server says (trusted):'
      : 'The server says (not verified):';
  const beyond = toolFieldsBeyond(revision, tool);

  return (
    <div className="flex flex-col gap-1.5 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <ToolIcon tool={tool} size={20} />
        <h2 className={`truncate text-sm font-semibold ${shown.source === 'name' ? 'font-mono' : ''}`}>
          {shown.text}
        </h2>
        {shown.source !== 'name' && (
          <span className="truncate font-mono text-sm text-slate-500">{nameText}</span>
        )}
        {shown.source === 'annotations.title' && (
          <span className="text-[11px] text-slate-400">(title from annotations.title)</span>
        )}
        {sameName > 1 && (
          <span className="rounded bg-amber-100 px-1.5 py-0.5 text-[11px] font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-300">
            duplicate {occurrence} of {sameName}
          </span>
        )}
        {hasResult && (
          <button
            type="button"
            aria-expanded={expanded}
            className="ml-auto shrink-0 text-xs text-indigo-600 hover:underline dark:text-indigo-400"
            onClick={() => setExpanded((open) => !open)}
          >
            Tool details <span aria-hidden>{expanded ? '▴' : '▾'}</span>
          </button>
        )}
        {hasResult && <FormRoomToggle />}
      </div>
      <div className={`flex items-center gap-1 text-[11px] ${folded ? 'hidden' : ''}`}>
        <FoldRow>
          <span className="shrink-0 text-slate-500">{annotationsLabel}</span>
          <AnnotationBadges annotations={tool.annotations} trusted={trusted} />
          <ToolUiBadge tool={tool} detailed />
          {typeof taskSupport === 'string' && taskSupport !== 'forbidden' && (
            <span className="rounded bg-violet-100 px-1.5 py-0.5 font-medium text-violet-800 dark:bg-violet-950 dark:text-violet-300">
              task {taskSupport}
            </span>
          )}
          {tool.outputSchema && (
            <span className="rounded bg-slate-200 px-1.5 py-0.5 font-medium dark:bg-slate-800">
              output schema
            </span>
          )}
        </FoldRow>
        {/* Trust is one click from the claims it changes (also in Settings): trusted read-only tools skip approval. */}
        {!replay && annotations.hints.some((hint) => hint.source === 'declared') && (
          <button
            type="button"
            className="ml-auto shrink-0 text-indigo-600 hover:underline dark:text-indigo-400"
            title="A trusted server's annotations are believed: its read-only tools can skip the approval dialog (Settings)"
            onClick={() => policy.setTrusted(runner.serverLabel(), !trusted)}
          >
            {trusted ? 'Stop trusting this server' : 'Trust this server'}
          </button>
        )}
      </div>
      {sameName > 1 && (
        <p className={warningClass}>
          ⚠ {sameName} tools are named {nameText} (names SHOULD be unique); this is number {occurrence} in the
          listing. Calls send the name, so the server decides which one runs.
        </p>
      )}
      {nameProblem && <p className={warningClass}>⚠ {nameProblem}</p>}
      {problems.length > 0 && <p className={warningClass}>⚠ {problems.join('; ')}</p>}
      {annotations.problems.length > 0 && (
        <p className={warningClass}>⚠ Annotations: {annotations.problems.join('; ')}</p>
      )}
      {beyond.length > 0 && (
        <p className="text-xs text-violet-700 dark:text-violet-300">
          Not defined in the negotiated revision {revision}:{' '}
          {beyond.map(({ field, since }) => `${field} (since ${since})`).join(', ')}
        </p>
      )}
      {icon && icon.refused.length > 0 && (
        <p className={warningClass}>
          Icon not shown:{' '}
          {icon.refused
            .map(({ index, src, reason }) => `icon ${index + 1}${src ? ` (${src})` : ''}: ${reason}`)
            .join('; ')}
        </p>
      )}
      {!folded && typeof tool.description === 'string' && tool.description && (
        <div className="max-h-28 overflow-y-auto text-sm text-slate-700 dark:text-slate-300">
          <SafeMarkdown text={tool.description} />
        </div>
      )}
    </div>
  );
}

/**
 * One click gives the form the column (the Result folds to its header line), a second gives the Result its room
 * back. Named by what it does next, so the way back is always in words.
 */
function FormRoomToggle() {
  const expanded = useStore(formRoom, (s) => s.expanded);
  return (
    <button
      type="button"
      className="shrink-0 text-xs text-indigo-600 hover:underline dark:text-indigo-400"
      title={expanded ? 'Give the Result its room back' : 'Give the arguments form the whole column'}
      onClick={() => formRoom.update({ expanded: !expanded })}
    >
      {expanded ? 'Show result' : 'Expand form'}
    </button>
  );
}
