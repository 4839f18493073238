import type { Tool } from '@modelcontextprotocol/client';
import {
  AppBridge,
  type McpUiDisplayMode,
  type McpUiHostCapabilities,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallEntry } from '../../../calls/call-history.ts';
import { nameText } from '#client/tools/tool-identity.ts';
import { permissionsObject } from '#shared/view-permissions.ts';
import type { ViewCspMode } from '#shared/view-csp.ts';
import { hostContext, pageFacts, watchPageTheme, type ContainerDimensions } from './host-context.ts';
import { HostContextFeed } from './host-context-feed.ts';
import {
  controlledContext,
  DEFAULT_HOST_CONTROLS,
  type HostControlsState,
  type PageFacts,
} from '../developer/host-controls.ts';
import type { UiResource } from '../ui-resource.ts';
import { ViewConsole } from '../developer/view-console.ts';
import { withConsoleProbe } from '../developer/view-console-probe.ts';
import { ViewNotes } from '../developer/view-notes.ts';
import { answerViewRequests, type ViewPrompts } from './view-requests.ts';
import { callToolForView, listForView, READ_ONLY, type LiveHost } from './view-tool-call.ts';
import { ViewTransport, type ViewFrameSink } from './view-transport.ts';

export { READ_ONLY, type LiveHost } from './view-tool-call.ts';

/** How long the host waits for a View to answer `ui/resource-teardown` before removing it anyway. */
export const TEARDOWN_TIMEOUT_MS = 2000;

/** What the page does for a View (the React side fills these in). */
export interface ViewHostEvents extends ViewPrompts {
  /** The View reported its size (`ui/notifications/size-changed`). */
  resize(size: { width?: number; height?: number }): void;
  /** The View asks for a display mode; answers the mode it now has. */
  displayMode(mode: McpUiDisplayMode): McpUiDisplayMode;
  /** The View asked to be closed (`ui/notifications/request-teardown`). */
  requestTeardown?(): void;
}

/** Options of a {@link ViewHost}. */
export interface ViewHostOptions {
  /** The window of this View's own sandbox frame (never the frame of a View shown after it). */
  proxy: () => Window | null | undefined;
  sandboxOrigin: string;
  call: CallEntry;
  tool: Tool;
  resource: Extract<UiResource, { status: 'ok' }>;
  trace: ViewFrameSink;
  /** Absent in a replay: the View is shown read-only and its requests are refused. */
  live?: LiveHost;
  /** The container's size as the View should know it; undefined while hidden. */
  container: () => ContainerDimensions | undefined;
  events: ViewHostEvents;
  /** The permissions the user granted this View (`_meta.ui.permissions` names); none by default. */
  granted?: readonly string[];
  /** The host controls (theme, locale, device…); the page's own host by default. */
  controls?: () => HostControlsState;
  /** The page's theme, locale and time zone now (tests pass their own). */
  page?: () => PageFacts;
  /** The policy the sandbox applies (its hints in the console differ). */
  cspMode?: ViewCspMode;
  teardownTimeoutMs?: number;
}

/**
 * The host side of one View, framework-free: an ext-apps `AppBridge` over a {@link ViewTransport}, wired to
 * Toolscope's call model (a View's `tools/call` goes through the same approval dialog and history as the
 * user's calls, marked `view`), its session (resources) and the page (size, display mode, theme, the host
 * controls). One host per load of a View: it talks only to its own frame, and closes by asking the View to
 * tear down and waiting for its answer.
 */
export class ViewHost {
  readonly notes = new ViewNotes();
  readonly console: ViewConsole;
  private readonly bridge: AppBridge;
  private readonly transport: ViewTransport;
  private readonly context: HostContextFeed;
  /** Aborted on close: the View's calls still waiting for approval are withdrawn. */
  private readonly closing = new AbortController();
  private resultSent = false;
  private initialized = false;
  private closed: Promise<void> | undefined;
  private displayMode: McpUiDisplayMode = 'inline';
  private unwatchTheme: (() => void) | undefined;

  constructor(private readonly options: ViewHostOptions) {
    const { resource, live } = options;
    this.console = new ViewConsole(options.cspMode ?? 'declared');
    const capabilities: McpUiHostCapabilities = {
      openLinks: {},
      downloadFile: {},
      logging: {},
      message: { text: {} },
      updateModelContext: { text: {}, structuredContent: {} },
      sandbox: { csp: resource.csp, permissions: permissionsObject(options.granted ?? []) },
      ...(live ? { serverTools: {} } : {}),
      // Offered only when the server has resources: a View that lists them gets them, never a -32601.
      ...(live?.declaresResources() ? { serverResources: {} } : {}),
    };
    const initial = hostContext({
      tool: options.tool,
      displayMode: 'inline',
      container: options.container(),
      controls: this.controls(),
      page: this.page(),
    });
    this.bridge = new AppBridge(null, { name: 'Toolscope', version: '0.1.0' }, capabilities, {
      hostContext: initial,
    });
    this.context = new HostContextFeed(initial, {
      send: (change) => void this.bridge.sendHostContextChange(change),
      container: options.container,
    });
    this.transport = new ViewTransport(options.proxy, options.sandboxOrigin, options.trace);
    this.transport.onerror = () => {}; // Refused messages are traced and answered; the View keeps running.
    this.transport.onconsole = (entry) => this.console.add(entry);
    this.wire();
  }

  /** Starts listening; call before the proxy page loads (it says "ready" once). */
  async start(): Promise<void> {
    this.unwatchTheme = watchPageTheme(() => this.controlsChanged());
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

  /** The page changed the display mode (the user's button or the host controls). */
  setDisplayMode(mode: McpUiDisplayMode): void {
    this.displayMode = mode;
    this.context.change({ displayMode: mode });
  }

  /** The host controls or the page's theme changed: the View gets what differs, at once. */
  controlsChanged(): void {
    this.context.change(controlledContext(this.controls(), this.page()));
  }

  /**
   * Asks the View to tear down and waits for its answer (at most {@link TEARDOWN_TIMEOUT_MS}), so it can
   * save its state; then stops. The frame must stay in the page until this settles. Idempotent.
   */
  close(reason = 'The View is closing'): Promise<void> {
    this.closed ??= this.shutDown(reason);
    return this.closed;
  }

  private async shutDown(reason: string): Promise<void> {
    this.unwatchTheme?.();
    this.context.stop();
    this.closing.abort();
    if (this.initialized) {
      const started = Date.now();
      const timeout = this.options.teardownTimeoutMs ?? TEARDOWN_TIMEOUT_MS;
      const answered = await this.bridge.teardownResource({}, { timeout }).then(
        () => true,
        () => false,
      );
      this.notes.add(
        'teardown',
        answered
          ? `ui/resource-teardown answered after ${Date.now() - started} ms (${reason})`
          : `ui/resource-teardown not answered within ${timeout} ms; removed anyway (${reason})`,
      );
    }
    await this.bridge.close().catch(() => undefined);
  }

  private controls(): HostControlsState {
    return this.options.controls?.() ?? DEFAULT_HOST_CONTROLS;
  }

  private page(): PageFacts {
    return this.options.page?.() ?? pageFacts();
  }

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
        // The console probe first, so the View's console and CSP violations reach the page.
        html: withConsoleProbe(options.resource.html),
        csp: options.resource.csp,
        // What the user granted, not what the View asked for: the proxy maps these to the inner frame's allow.
        permissions: permissionsObject(options.granted ?? []),
      });
    };
    bridge.oninitialized = () => {
      if (this.closing.signal.aborted) return;
      this.initialized = true;
      const args = options.call.args;
      // A model's call: its arguments as they streamed, then whole. Only now: the user approved the call.
      for (const partial of options.call.partialInputs ?? [])
        void bridge.sendToolInputPartial({ arguments: partial });
      void bridge.sendToolInput({
        arguments: typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {},
      });
      this.sendOutcome();
      this.context.opened({
        displayMode: this.displayMode,
        ...controlledContext(this.controls(), this.page()),
      });
    };
    bridge.onsizechange = ({ width, height }) => options.events.resize({ width, height });
    bridge.onrequestdisplaymode = async ({ mode }) => {
      this.displayMode = options.events.displayMode(mode);
      return { mode: this.displayMode };
    };
    answerViewRequests(bridge, notes, options.events);
    bridge.onrequestteardown = () => {
      notes.add('teardown', 'The View asked to be closed');
      options.events.requestTeardown?.();
    };
    bridge.oncalltool = (params, extra) =>
      callToolForView(
        options.live,
        notes,
        params.name,
        params.arguments ?? {},
        nameText(options.tool.name),
        AbortSignal.any([extra.mcpReq.signal, this.closing.signal]),
      );
    bridge.onreadresource = async (params) => {
      if (!options.live) throw new Error(READ_ONLY);
      return options.live.readResource(params.uri);
    };
    bridge.onlistresources = async (params) =>
      (await listForView(options.live, 'resources/list', params?.cursor)) as never;
    bridge.onlistresourcetemplates = async (params) =>
      (await listForView(options.live, 'resources/templates/list', params?.cursor)) as never;
  }
}
