import type { Tool } from '@modelcontextprotocol/client';
import {
  AppBridge,
  type McpUiDisplayMode,
  type McpUiHostCapabilities,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallEntry } from '../../calls/call-history.ts';
import { nameText } from '../../../../client/tools/tool-identity.ts';
import { permissionsObject } from '#shared/view-permissions.ts';
import { hostContext, themeContext } from './host-context.ts';
import { HostContextFeed } from './host-context-feed.ts';
import type { UiResource } from './ui-resource.ts';
import { ViewNotes } from './view-notes.ts';
import { answerViewRequests, type ViewPrompts } from './view-requests.ts';
import { callToolForView, READ_ONLY, type LiveHost } from './view-tool-call.ts';
import { ViewTransport, type ViewFrameSink } from './view-transport.ts';

export { READ_ONLY, type LiveHost } from './view-tool-call.ts';

/** What the page does for a View (the React side fills these in). */
export interface ViewHostEvents extends ViewPrompts {
  /** The View reported its size (`ui/notifications/size-changed`). */
  resize(height: number | undefined): void;
  /** The View asks for a display mode; answers the mode it now has. */
  displayMode(mode: McpUiDisplayMode): McpUiDisplayMode;
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

/**
 * The host side of one View, framework-free: an ext-apps `AppBridge` over a {@link ViewTransport}, wired to
 * Toolscope's call model (a View's `tools/call` goes through the same approval dialog and history as the
 * user's calls, marked `view`), its session (resources/read) and the page (size, display mode, theme).
 */
export class ViewHost {
  readonly notes = new ViewNotes();
  private readonly bridge: AppBridge;
  private readonly transport: ViewTransport;
  private readonly context: HostContextFeed;
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
    const initial = hostContext({ tool: options.tool, displayMode: 'inline', ...options.container() });
    this.bridge = new AppBridge(null, { name: 'Toolscope', version: '0.1.0' }, capabilities, {
      hostContext: initial,
    });
    this.context = new HostContextFeed(initial, {
      send: (change) => void this.bridge.sendHostContextChange(change),
      container: options.container,
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

  /** The container changed size (sent once the resize is still, and only if the size changed). */
  resized(): void {
    this.context.resized();
  }

  /** The page changed the display mode (the user's button). */
  setDisplayMode(mode: McpUiDisplayMode): void {
    this.displayMode = mode;
    this.context.change({ displayMode: mode });
  }

  /** Asks the View to tear down (waits a moment for its answer), then stops. */
  async close(reason = 'The View is closing'): Promise<void> {
    this.media?.removeEventListener('change', this.themeChanged);
    this.context.stop();
    if (this.initialized) {
      await this.bridge.teardownResource({}, { timeout: 1000 }).catch(() => undefined);
      this.notes.add('teardown', `ui/resource-teardown sent (${reason})`);
    }
    await this.bridge.close().catch(() => undefined);
  }

  private readonly themeChanged = (): void => this.context.change(themeContext());

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
      this.context.opened({ displayMode: this.displayMode, ...themeContext() });
    };
    bridge.onsizechange = ({ height }) => options.events.resize(height);
    bridge.onrequestdisplaymode = async ({ mode }) => {
      this.displayMode = options.events.displayMode(mode);
      return { mode: this.displayMode };
    };
    answerViewRequests(bridge, notes, options.events);
    bridge.oncalltool = (params) =>
      callToolForView(options.live, notes, params.name, params.arguments ?? {}, nameText(options.tool.name));
    bridge.onreadresource = async (params) => {
      if (!options.live) throw new Error(READ_ONLY);
      return options.live.readResource(params.uri);
    };
  }
}
