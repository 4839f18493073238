import type { Tool } from '@modelcontextprotocol/client';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { toolUiOf } from './tool-ui.ts';

/**
 * Marks a tool that links an MCP App View: "UI" (with the resource, and whether it could be read), and
 * "app-only" when the model may not see it. Nothing for other tools.
 */
export function ToolUiBadge({ tool, detailed = false }: { tool: Tool; detailed?: boolean }) {
  const { apps } = useServices();
  const ui = toolUiOf(tool);
  const read = useStore(apps.resources, (settled) =>
    ui.resourceUri ? settled.get(ui.resourceUri) : undefined,
  );
  if (!ui.resourceUri && !ui.invalidUri && !ui.appOnly) return null;
  const status = !ui.resourceUri
    ? `invalid UI link ${ui.invalidUri}`
    : !read
      ? 'not read yet'
      : read.status === 'ok'
        ? 'readable'
        : `could not be read: ${read.message}`;
  const visibility = ui.visibility.length ? ui.visibility.join(' and ') : 'nobody';
  const label = `MCP App: ${ui.resourceUri ?? 'no valid View'} (${status}); visible to ${visibility}${ui.deprecatedKey ? '; uses the deprecated key ui/resourceUri' : ''}`;
  const bad = !ui.resourceUri || read?.status === 'error';
  return (
    <span className="inline-flex shrink-0 items-center gap-1" title={label} aria-label={label}>
      {(ui.resourceUri || ui.invalidUri) && (
        <span
          className={`rounded px-1 text-[10px] font-semibold ${bad ? 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300' : 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300'}`}
        >
          UI{bad ? ' ⚠' : ''}
        </span>
      )}
      {ui.appOnly && (
        <span className="rounded border border-slate-300 px-1 text-[10px] text-slate-600 dark:border-slate-700 dark:text-slate-300">
          app-only
        </span>
      )}
      {detailed && ui.resourceUri && (
        <span className="truncate font-mono text-[11px] text-slate-500">
          {ui.resourceUri} · {status} · visible to {visibility}
        </span>
      )}
    </span>
  );
}
