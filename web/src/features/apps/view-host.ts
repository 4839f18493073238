import type { CallToolResult, ReadResourceResult, Tool } from '@modelcontextprotocol/client';
import {
  AppBridge,
  type McpUiDisplayMode,
  type McpUiHostCapabilities,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallEntry } from '../../calls/call-history.ts';
import type { CallRunner } from '../../calls/call-runner.ts';
import { listTools, nameText } from '../../mcp/tool-identity.ts';
import { permissionsObject } from '#shared/view-permissions.ts';
import { hostContext, pageTheme, styleVariables } from './host-context.ts';
import { toolUiOf } from './tool-ui.ts';
import type { UiResource } from './ui-resource.ts';
import { ViewNotes } from './view-notes.ts';
import { readDownloads, saveDownloads } from './view-downloads.ts';
import { ViewTransport, type ViewFrameSink } from './view-transport.ts';

/** What a live View may reach: the one call model and the connected session. */
export interface LiveHost {
  runner: CallRunner;
  /** The tools listed now (a View may call only those with `app` visibility). */
  tools: () => readonly Tool[];
  readResource: (uri: string) => Promise<ReadResourceResult>;
}

/** What the page does for a View (the React side fills these in). */
export interface ViewHostEvents {
  /** The View reported its size (`ui/notifications/size-changed`). */
  resize(height: number | undefined): void;
  /** The View asks for a display mode; answers the mode it now has. */
  displayMode(mode: McpUiDisplayMode): McpUiDisplayMode;
  /** Asks the user whether to open a link; true to open it. */
  confirmLink(url: string): Promise<boolean>;
  /** Asks the user whether to save the files a View hands over (their names); true to save them. */
  confirmDownload(names: string): Promise<boolean>;
}

/** Options of a {@link ViewHost}. */
export interface ViewHostOptions {
  proxy: () => Window | null | undefined;
  sandboxOrigin: string;
  call: CallEntry;
  tool: Tool;
  resource: Extract<UiResource, { status: 'ok' }>;
  trace: ViewFrameSink;
  /** Absent in a replay: the View is shown read-only and its requests are refused. */
  live?: LiveHost;
  container: () => { width: number; maxHeight: number };
  events: ViewHostEvents;
  /** The permissions the user granted this View (`_meta.ui.permissions` names); none by default. */
  granted?: readonly string[];
}

/** Why a replay's View cannot reach the server. */
export const READ_ONLY = 'This View is a replay: it is shown read-only and its requests are not sent';

/**
 * The host side of one View, framework-free: an ext-apps `AppBridge` over a {@link ViewTransport}, wired to
 * Toolscope's call model (a View's `tools/call` goes through the same approval dialog and history as the
 * user's calls, marked `view`), its session (resources/read) and the page (size, display mode, theme).
 */
export class ViewHost {
  readonly notes = new ViewNotes();
  private readonly bridge: AppBridge;
  private readonly transport: ViewTransport;
  private resultSent = false;
  private initialized = false;
  private displayMode: McpUiDisplayMode = 'inline';
  private readonly media =
    typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;

  constructor(private readonly options: ViewHostOptions) {
    const { resource, live } = options;
    const capabilities: McpUiHostCapabilities = {
      openLinks: {},
      downloadFile: {},
      logging: {},
      message: { text: {} },
      updateModelContext: { text: {} },
      sandbox: { csp: resource.csp, permissions: permissionsObject(options.granted ?? []) },
      ...(live ? { serverTools: {}, serverResources: {} } : {}),
    };
    this.bridge = new AppBridge(null, { name: 'Toolscope', version: '0.1.0' }, capabilities, {
      hostContext: hostContext({ tool: options.tool, displayMode: 'inline', ...options.container() }),
    });
    this.transport = new ViewTransport(options.proxy, options.sandboxOrigin, options.trace);
    this.transport.onerror = () => {}; // Refused messages are traced; the View keeps running.
    this.wire();
  }

  /** Starts listening; call before the proxy page loads (it says "ready" once). */
  async start(): Promise<void> {
    this.media?.addEventListener('change', this.themeChanged);
    await this.bridge.connect(this.transport);
  }

  /** The call finished after the View opened: send its result (or its cancellation). */
  callUpdated(call: CallEntry): void {
    this.options.call = call;
    if (this.initialized) this.sendOutcome();
  }

  /** The container changed size. */
  resized(): void {
    const { width, maxHeight } = this.options.container();
    // A hidden View (another Result tab shows) has no width: keep the last size rather than announce 0.
    if (this.initialized && width > 0)
      void this.bridge.sendHostContextChange({
        containerDimensions: { width: Math.round(width), maxHeight: Math.round(maxHeight) },
      });
  }

  /** The page changed the display mode (the user's button). */
  setDisplayMode(mode: McpUiDisplayMode): void {
    this.displayMode = mode;
    if (this.initialized) void this.bridge.sendHostContextChange({ displayMode: mode });
  }

  /** Asks the View to tear down (waits a moment for its answer), then stops. */
  async close(reason = 'The View is closing'): Promise<void> {
    this.media?.removeEventListener('change', this.themeChanged);
    if (this.initialized) {
      await this.bridge.teardownResource({}, { timeout: 1000 }).catch(() => undefined);
      this.notes.add('teardown', `ui/resource-teardown sent (${reason})`);
    }
    await this.bridge.close().catch(() => undefined);
  }

  private readonly themeChanged = (): void => {
    const theme = pageTheme();
    if (this.initialized)
      void this.bridge.sendHostContextChange({
        theme,
        styles: { variables: styleVariables(theme) as never },
      });
  };

  private sendOutcome(): void {
    const outcome = this.options.call.outcome;
    if (!outcome || this.resultSent) return;
    this.resultSent = true;
    if (outcome.status === 'ok' && outcome.result) void this.bridge.sendToolResult(outcome.result);
    else
      void this.bridge.sendToolCancelled({
        reason: outcome.error?.message ?? `The call ended: ${outcome.status}`,
      });
  }

  private wire(): void {
    const { bridge, notes, options } = this;
    bridge.onsandboxready = () => {
      void bridge.sendSandboxResourceReady({
        html: options.resource.html,
        csp: options.resource.csp,
        // What the user granted, not what the View asked for: the proxy maps these to the inner frame's allow.
        permissions: permissionsObject(options.granted ?? []),
      });
    };
    bridge.oninitialized = () => {
      this.initialized = true;
      const args = options.call.args;
      void bridge.sendToolInput({
        arguments: typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {},
      });
      this.sendOutcome();
    };
    bridge.onsizechange = ({ height }) => options.events.resize(height);
    bridge.onrequestdisplaymode = async ({ mode }) => {
      this.displayMode = options.events.displayMode(mode);
      return { mode: this.displayMode };
    };
    bridge.onopenlink = async ({ url }) => {
      if (!/^https?:\/\//i.test(url)) {
        notes.add('refused', `Link refused (only http and https open): ${url}`);
        return { isError: true };
      }
      const open = await options.events.confirmLink(url);
      notes.add('link', `${open ? 'Opened' : 'Not opened'}: ${url}`);
      if (open) window.open(url, '_blank', 'noopener,noreferrer');
      return open ? {} : { isError: true };
    };
    bridge.ondownloadfile = async ({ contents }) => {
      const read = readDownloads(contents);
      if ('refused' in read) {
        notes.add('refused', `ui/download-file refused: ${read.refused}`);
        return { isError: true };
      }
      const names = read.files.map((file) => file.name).join(', ');
      const save = await options.events.confirmDownload(names);
      notes.add('download', `${save ? 'Saved' : 'Not saved'}: ${names}`);
      if (save) saveDownloads(read.files);
      return save ? {} : { isError: true };
    };
    bridge.onmessage = async (params) => {
      notes.add('message', `ui/message (${params.role}): ${textOf(params.content)}`, params);
      return {};
    };
    bridge.onupdatemodelcontext = async (params) => {
      notes.add(
        'model context',
        `ui/update-model-context: ${textOf(params.content) || 'structured content'}`,
        params,
      );
      return {};
    };
    bridge.onloggingmessage = (params) => {
      notes.add(
        'log',
        `${params.level}: ${typeof params.data === 'string' ? params.data : JSON.stringify(params.data)}`,
        params,
      );
    };
    bridge.onrequestteardown = () => notes.add('teardown', 'The View asked to be closed');
    bridge.oncalltool = (params) => this.callTool(params.name, params.arguments ?? {});
    bridge.onreadresource = async (params) => {
      if (!options.live) throw new Error(READ_ONLY);
      return options.live.readResource(params.uri);
    };
  }

  private async callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    const live = this.options.live;
    const refuse = (why: string): never => {
      this.notes.add('refused', `tools/call ${name} refused: ${why}`);
      throw new Error(why);
    };
    if (!live) return refuse(READ_ONLY);
    const tool = listTools(live.tools()).find((listed) => listed.tool.name === name)?.tool;
    if (!tool) return refuse(`the server lists no tool named "${name}"`);
    if (!toolUiOf(tool).callableFromView)
      return refuse(`"${name}" is not visible to apps (its _meta.ui.visibility lacks "app")`);
    const entry = await live.runner.call(tool, args, {
      origin: 'view',
      viewOf: nameText(this.options.tool.name),
    });
    if (!entry) return refuse('another call is waiting for approval');
    const outcome = entry.outcome;
    if (!outcome || entry.createdTask) return refuse('the call became a task; its result is in the history');
    if (outcome.status === 'denied') return refuse('the user denied the call');
    if (outcome.status === 'ok' && outcome.result) return outcome.result;
    return refuse(outcome.error?.message ?? `the call ended: ${outcome.status}`);
  }
}

function textOf(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((block) =>
      block && typeof block === 'object' && 'text' in block
        ? String(block.text)
        : `[${String((block as { type?: unknown })?.type)}]`,
    )
    .join(' ')
    .slice(0, 300);
}
