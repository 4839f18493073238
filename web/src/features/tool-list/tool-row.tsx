import { memo } from 'react';
import { displayName, type ListedTool } from '#client/tools/tool-identity.ts';
import { toolFieldsBeyond } from '#client/era/protocol-revisions.ts';
import { AnnotationBadges } from './annotation-badges.tsx';
import { ToolIcon } from './tool-icon.tsx';
import { toolNameProblems } from '#client/tools/tool-name-rules.ts';
import { ToolUiBadge } from '../apps/apps.ts';

/** Fixed row height, so the list can be virtualised. */
export const TOOL_ROW_HEIGHT = 52;

/**
 * One tool in the list: icon, display name (title, annotations.title, name) and the name itself, annotation
 * badges, a duplicate mark, a mark for fields the negotiated revision does not define, and a warning for
 * spec problems.
 */
export const ToolRow = memo(function ToolRow({
  listed,
  selected,
  trusted,
  revision,
  onSelect,
}: {
  listed: ListedTool;
  selected: boolean;
  trusted: boolean;
  revision: string | undefined;
  onSelect: () => void;
}) {
  const { tool, nameText, sameName, occurrence } = listed;
  const shown = displayName(tool).text;
  const problems = toolNameProblems(tool.name, revision);
  const beyond = toolFieldsBeyond(revision, tool);
  const beyondText = `Not defined in the negotiated revision ${revision}: ${beyond.map((f) => `${f.field} (since ${f.since})`).join(', ')}`;
  // The chips go on the shorter of the two lines, so a long title ("Weather card (MCP App)") is not cut at 1280.
  const badgesWithName = shown !== nameText && nameText.length <= shown.length;
  const marks = (
    <>
      <AnnotationBadges annotations={tool.annotations} trusted={trusted} compact />
      <ToolUiBadge tool={tool} />
      {sameName > 1 && (
        <span
          aria-label={`Duplicate name: tool ${occurrence} of ${sameName} named ${nameText}`}
          title={`Another tool has the same name: this is ${occurrence} of ${sameName}`}
          className="shrink-0 rounded bg-amber-100 px-1 text-[10px] font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-300"
        >
          dup {occurrence}/{sameName}
        </span>
      )}
      {beyond.length > 0 && (
        <span
          aria-label={beyondText}
          title={beyondText}
          className="shrink-0 rounded border border-violet-300 px-1 text-[10px] text-violet-700 dark:border-violet-800 dark:text-violet-300"
        >
          newer fields
        </span>
      )}
      {problems.length > 0 && (
        <span
          title={problems.join('; ')}
          aria-label={`Warning: ${problems.join('; ')}`}
          className="text-amber-600"
        >
          ⚠
        </span>
      )}
    </>
  );
  return (
    <li style={{ height: TOOL_ROW_HEIGHT }} className="py-0.5">
      <button
        type="button"
        aria-current={selected}
        onClick={onSelect}
        className={`flex h-full w-full items-center gap-2 rounded-md px-2 text-left hover:bg-slate-100 dark:hover:bg-slate-800 ${
          selected ? 'bg-indigo-50 ring-1 ring-indigo-300 dark:bg-indigo-950 dark:ring-indigo-800' : ''
        }`}
      >
        <ToolIcon tool={tool} size={18} />
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-1">
            <span
              className={`min-w-0 flex-1 truncate text-sm ${shown === nameText ? 'font-mono' : 'font-medium'}`}
              title={shown}
            >
              {shown}
            </span>
            {!badgesWithName && marks}
          </span>
          {/* The name has the second line to itself, so it is never cut at the list's default width. */}
          {shown !== nameText && (
            <span className="flex items-center gap-1">
              <span className="min-w-0 flex-1 truncate font-mono text-xs text-slate-500" title={nameText}>
                {nameText}
              </span>
              {badgesWithName && marks}
            </span>
          )}
        </span>
      </button>
    </li>
  );
});
