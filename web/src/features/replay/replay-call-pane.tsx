import { useEffect } from 'react';
import type { Tool } from '@modelcontextprotocol/client';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { panelClass } from '../../ui/field-classes.ts';
import { JsonBlock, ShowMore } from '../../ui/show-more.tsx';
import { SafeMarkdown } from '../../ui/safe-markdown.tsx';
import { displayName, findTool, listTools, type ListedTool } from '#client/tools/tool-identity.ts';
import { shownToolCall, type CallEntry } from '../../calls/call-history.ts';
import { toolFollowsCall } from './tool-follows-call.ts';

/** Said at the top of the pane: a replay shows calls, it makes none. */
export const READ_ONLY_LINE = 'Read-only replay: you cannot call tools';

/**
 * The Tool pane of a replay: the call chosen in History, read-only (the tool's title, name and
 * description, and the arguments that were sent), or the tool picked in the list when it has no call here. The
 * tool list follows the chosen call. Never a blank box: with nothing chosen it says what to do.
 */
export function ReplayCallPane({ listed }: { listed: ListedTool | undefined }) {
  const { history, workspace, session } = useServices();
  useEffect(() => toolFollowsCall(workspace, history), [workspace, history]);
  const call = useStore(history, (s) => shownToolCall(s, listed?.key));
  const callCount = useStore(history, (s) => s.calls.length);
  const tools = useStore(session.state, (s) => s.tools);
  const shownCall = call && (!listed || listed.key === call.toolKey) ? call : undefined;
  const tool = shownCall ? toolOfCall(tools, shownCall) : listed?.tool;

  return (
    <section className={`${panelClass} min-h-0`} aria-label="Tool">
      <div className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto p-3 text-sm">
        <p className="text-xs font-medium text-sky-800 dark:text-sky-300">{READ_ONLY_LINE}</p>
        {shownCall ? (
          <>
            <ToolTitle tool={tool} name={shownCall.tool} fallbackTitle={shownCall.displayName} />
            {tool?.description && <Description text={tool.description} />}
            <h3 className="text-xs font-semibold text-slate-600 dark:text-slate-400">Arguments sent</h3>
            <JsonBlock value={shownCall.args ?? {}} label="Arguments sent" />
          </>
        ) : listed ? (
          <>
            <ToolTitle tool={listed.tool} name={listed.nameText} />
            {listed.tool.description && <Description text={listed.tool.description} />}
            <p className="text-slate-500">No call of this tool in this recording.</p>
            <ShowMore label="input schema">
              <JsonBlock value={listed.tool.inputSchema} label="Input schema" />
            </ShowMore>
          </>
        ) : (
          <p className="text-slate-500">
            {callCount
              ? 'Choose a call in History to see what was sent, or a tool on the left to see its schema.'
              : 'No call in this recording yet: choose a tool on the left to see its schema.'}
          </p>
        )}
      </div>
    </section>
  );
}

/** The tool as listed in the recording, found by key, else by name (older records). */
function toolOfCall(tools: readonly Tool[], call: CallEntry): Tool | undefined {
  return (findTool(tools, call.toolKey) ?? listTools(tools).find((l) => l.nameText === call.tool))?.tool;
}

function ToolTitle({ tool, name, fallbackTitle }: { tool?: Tool; name: string; fallbackTitle?: string }) {
  const title = tool ? displayName(tool).text : (fallbackTitle ?? name);
  return (
    <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
      <h2 className={`truncate font-semibold ${title === name ? 'font-mono' : ''}`}>{title}</h2>
      {title !== name && <span className="truncate font-mono text-slate-500">{name}</span>}
    </div>
  );
}

function Description({ text }: { text: string }) {
  return (
    <div className="max-h-24 overflow-y-auto text-xs text-slate-600 dark:text-slate-400">
      <SafeMarkdown text={text} />
    </div>
  );
}
