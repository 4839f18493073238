import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { AnnotationBadges } from '../tool-list/annotation-badges.tsx';
import { ToolIcon } from '../tool-list/tool-icon.tsx';
import { SafeMarkdown } from '../ui/safe-markdown.tsx';
import { toolNameProblems } from '../tool-list/tool-name-rules.ts';
import { useServices } from '../../session-context.tsx';
import { useStore } from '../../hooks/use-store.ts';
import { toolFieldsBeyond } from '../../mcp/protocol-revisions.ts';

/** Name, title, badges, description and schema facts of the selected tool. */
export function ToolHeader({ tool }: { tool: Tool }) {
  const taskSupport = (tool as { execution?: { taskSupport?: unknown } }).execution?.taskSupport;
  const problems = toolNameProblems(tool.name);
  const { session } = useServices();
  const revision = useStore(session.state, (s) => s.server?.protocolVersion);
  const beyond = toolFieldsBeyond(revision, tool);

  return (
    <div className="flex flex-col gap-1.5 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <ToolIcon tool={tool} size={20} />
        <h2 className="truncate font-mono text-sm font-semibold">{String(tool.name)}</h2>
        {typeof tool.title === 'string' && (
          <span className="truncate text-sm text-slate-500">{tool.title}</span>
        )}
        <span className="ml-auto flex flex-wrap gap-1">
          <AnnotationBadges annotations={tool.annotations} />
          {typeof taskSupport === 'string' && taskSupport !== 'forbidden' && (
            <span className="rounded bg-violet-100 px-1.5 py-0.5 text-[11px] font-medium text-violet-800 dark:bg-violet-950 dark:text-violet-300">
              task {taskSupport}
            </span>
          )}
          {tool.outputSchema && (
            <span className="rounded bg-slate-200 px-1.5 py-0.5 text-[11px] font-medium dark:bg-slate-800">
              output schema
            </span>
          )}
        </span>
      </div>
      {beyond.length > 0 && (
        <p className="text-xs text-violet-700 dark:text-violet-300">
          Not defined in the negotiated revision {revision}:{' '}
          {beyond.map(({ field, since }) => `${field} (since ${since})`).join(', ')}
        </p>
      )}
      {problems.length > 0 && (
        <p className="text-xs text-amber-700 dark:text-amber-400">⚠ {problems.join('; ')}</p>
      )}
      {typeof tool.description === 'string' && tool.description && (
        <div className="max-h-28 overflow-y-auto text-sm text-slate-700 dark:text-slate-300">
          <SafeMarkdown text={tool.description} />
        </div>
      )}
    </div>
  );
}
