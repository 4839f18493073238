import { useState } from 'react';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { useServices } from '../../session-context.tsx';
import { useStore } from '../../hooks/use-store.ts';
import type { CallProgress } from '../../mcp/session-types.ts';
import {
  panelClass,
  panelHeaderClass,
  primaryButtonClass,
  secondaryButtonClass,
} from '../ui/field-classes.ts';
import { ArgumentsEditor, parseArguments } from './arguments-editor.tsx';
import { CallProgressBar } from './call-progress-bar.tsx';

/** The selected tool: its description, arguments and the Call tool button. */
export function ToolPanel({ tool }: { tool: Tool | undefined }) {
  const { session, history } = useServices();
  const connected = useStore(session.state, (s) => s.status === 'connected');
  const [argsByTool, setArgsByTool] = useState<Record<string, string>>({});
  const [running, setRunning] = useState<{ progress?: CallProgress; abort: AbortController } | undefined>();

  if (!tool) {
    return (
      <section
        className={`${panelClass} items-center justify-center p-6 text-sm text-slate-500`}
        aria-label="Tool"
      >
        {connected ? 'Select a tool on the left.' : 'Connect to a server to see its tools.'}
      </section>
    );
  }
  const text = argsByTool[tool.name] ?? '{}';
  const parsed = parseArguments(text);

  const call = async () => {
    if (parsed.error !== undefined || running) return;
    const abort = new AbortController();
    setRunning({ abort });
    try {
      await history.run(tool.name, parsed.value, {
        signal: abort.signal,
        onprogress: (progress) => setRunning((r) => (r ? { ...r, progress } : r)),
      });
    } finally {
      setRunning(undefined);
    }
  };

  return (
    <section className={`${panelClass} min-h-0`} aria-label="Tool">
      <div className={panelHeaderClass}>
        <span className="truncate font-mono">{tool.name}</span>
        {tool.title && <span className="truncate font-normal text-slate-500">{tool.title}</span>}
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-3">
        {tool.description && (
          <p className="text-sm whitespace-pre-wrap text-slate-700 dark:text-slate-300">{tool.description}</p>
        )}
        <ArgumentsEditor
          value={text}
          error={parsed.error}
          onChange={(value) => setArgsByTool((all) => ({ ...all, [tool.name]: value }))}
        />
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={primaryButtonClass}
            disabled={!connected || parsed.error !== undefined || running !== undefined}
            onClick={() => void call()}
          >
            Call tool
          </button>
          {running && (
            <>
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => running.abort.abort('Cancelled by the user')}
              >
                Cancel
              </button>
              <CallProgressBar progress={running.progress} />
            </>
          )}
        </div>
      </div>
    </section>
  );
}
