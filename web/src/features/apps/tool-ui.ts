import type { Tool } from '@modelcontextprotocol/client';

/** Who may see a tool, per `_meta.ui.visibility` of the MCP Apps extension (default: both). */
export type ToolVisibility = 'model' | 'app';

/** What a tool says about its MCP App: the View it links and who may call it. */
export interface ToolUi {
  /** The `ui://` resource of its View, when it links a valid one. */
  resourceUri?: string;
  /** A link that is not a `ui://` URI (shown as a problem; no View is rendered). */
  invalidUri?: string;
  /** The link came from the deprecated flat key `_meta["ui/resourceUri"]`. */
  deprecatedKey: boolean;
  visibility: ToolVisibility[];
  /** Hidden from the model: only a View calls it. */
  appOnly: boolean;
  /** A View may call it (`app` in its visibility). */
  callableFromView: boolean;
}

/** Reads a tool's `_meta.ui` (and the deprecated flat key) as sent: anything malformed reads as absent. */
export function toolUiOf(tool: Pick<Tool, '_meta'> | undefined): ToolUi {
  const meta = (tool?._meta ?? {}) as Record<string, unknown>;
  const ui = typeof meta.ui === 'object' && meta.ui !== null ? (meta.ui as Record<string, unknown>) : {};
  const nested = ui.resourceUri;
  const flat = meta['ui/resourceUri'];
  const link = nested ?? flat;
  const deprecatedKey = nested === undefined && flat !== undefined;
  const visibility = readVisibility(ui.visibility);
  const base = {
    deprecatedKey,
    visibility,
    appOnly: !visibility.includes('model'),
    callableFromView: visibility.includes('app'),
  };
  if (link === undefined) return base;
  if (typeof link === 'string' && link.startsWith('ui://')) return { ...base, resourceUri: link };
  return { ...base, invalidUri: typeof link === 'string' ? link : JSON.stringify(link) };
}

function readVisibility(value: unknown): ToolVisibility[] {
  if (!Array.isArray(value)) return ['model', 'app'];
  return value.filter((v): v is ToolVisibility => v === 'model' || v === 'app');
}
