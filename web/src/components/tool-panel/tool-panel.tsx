import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { useServices } from '../../session-context.tsx';
import { useStore } from '../../hooks/use-store.ts';
import { panelClass } from '../ui/field-classes.ts';
import { ArgumentsEditor, parseArguments } from './arguments-editor.tsx';
import { CallControls } from './call-controls.tsx';
import { ToolHeader } from './tool-header.tsx';

/** The selected tool: what it is, its arguments, and the Call tool button. */
export function ToolPanel({ tool }: { tool: Tool | undefined }) {
  const { session, workspace } = useServices();
  const connected = useStore(session.state, (s) => s.status === 'connected');
  const drafts = useStore(workspace, (s) => s.drafts);

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
  const text = drafts[tool.name] ?? '{}';
  const parsed = parseArguments(text);
  return (
    <section className={`${panelClass} min-h-0`} aria-label="Tool">
      <ToolHeader tool={tool} />
      <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-3">
        <ArgumentsEditor
          value={text}
          error={parsed.error}
          onChange={(value) => workspace.setDraft(tool.name, value)}
        />
      </div>
      <CallControls
        tool={tool}
        args={parsed.value}
        blockedReason={connected ? parsed.error : 'Not connected'}
      />
    </section>
  );
}
