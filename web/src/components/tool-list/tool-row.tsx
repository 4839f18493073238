import { memo } from 'react';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { annotationBadges } from './annotation-badges.tsx';
import { ToolIcon } from './tool-icon.tsx';
import { toolNameProblems } from './tool-name-rules.ts';

/** Fixed row height, so the list can be virtualised. */
export const TOOL_ROW_HEIGHT = 52;

/** One tool in the list: icon, name, title, short badges, and a warning mark for spec problems. */
export const ToolRow = memo(function ToolRow({
  tool,
  selected,
  duplicate,
  onSelect,
}: {
  tool: Tool;
  selected: boolean;
  duplicate: boolean;
  onSelect: () => void;
}) {
  const problems = toolNameProblems(tool.name);
  if (duplicate) problems.push('another tool has the same name');
  const badges = annotationBadges(tool.annotations);
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
            <span className="truncate font-mono text-sm">{String(tool.name)}</span>
            {problems.length > 0 && (
              <span
                title={problems.join('; ')}
                aria-label={`Warning: ${problems.join('; ')}`}
                className="text-amber-600"
              >
                ⚠
              </span>
            )}
          </span>
          <span className="flex items-center gap-1 text-xs text-slate-500">
            <span className="truncate">{typeof tool.title === 'string' ? tool.title : ''}</span>
            {badges.map((badge) => (
              <span
                key={badge.label}
                title={badge.title}
                className={`shrink-0 rounded px-1 text-[10px] ${badge.className}`}
              >
                {badge.label}
              </span>
            ))}
          </span>
        </span>
      </button>
    </li>
  );
});
