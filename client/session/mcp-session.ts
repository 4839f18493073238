import type { Client, Implementation, ReadResourceResult } from '@modelcontextprotocol/client';
import type { ProtocolEraChoice, ServerTarget } from '#shared/targets.ts';
import type { ListCache, ListFreshness } from './list-cache.ts';
import { ToolListing } from './tool-listing.ts';
import { wireAnswerOf } from './wire-result.ts';
import { describeConnectFailure, withStderr } from './connect-failure.ts';
import { startupFailure } from './startup-failure.ts';
import { Store } from '../lib/store.ts';
import { TraceLog } from '../trace/trace-log.ts';
import type { TracedTransport } from '../transport/traced-transport.ts';
import { INITIAL_SESSION_STATE, type CallOutcome, type SessionState } from './session-types.ts';
import type { TimedBridgeEvent } from '#shared/bridge-protocol.ts';
import type { ChatTurnNote } from '#shared/chat-protocol.ts';
import type { SessionExtension } from './session-extension.ts';
import { openListSubscription } from './list-subscription.ts';
import type { InputAnswerer } from './multi-round.ts';
import {
  LooseResultSchema,
  pageOf,
  readResource,
  taskRequest,
  type PagedListMethod,
  type TaskMethod,
} from './session-requests.ts';
import { effectiveEra } from '../era/era-negotiation.ts';
import { setupNote } from '../trace/trace-setup.ts';
import { openInEra, type Attempt } from '../era/open-in-era.ts';
import type { EraMemory } from '../era/era-memory.ts';
import { CallOrigins } from './call-origins.ts';
import { recordChatTurn, withLogEntry } from './connection-records.ts';
import { callTool, type CallOptions } from './tool-call.ts';
import { openConnection, type OpenContext } from './connection-open.ts';
import { connectedState, connectingState, negotiatedRevision } from './connected-state.ts';
import {
  complete,
  surfaceRequest,
  type Completion,
  type CompletionRef,
  type SurfaceMethod,
  type SurfaceRequestOptions,
} from './surface-requests.ts';

export type { CallOptions } from './tool-call.ts';

/** What the session needs from its environment. */
export interface McpSessionOptions {
  /** Makes the transport for a target: the bridge in the browser, in-memory pairs in tests. */
  createTransport: (target: ServerTarget) => TracedTransport;
  clientInfo?: Implementation;
  /** Batches trace notifications (requestAnimationFrame in the browser). */
  scheduleTrace?: (run: () => void) => void;
  /** Features that add capabilities and handlers to every connection. */
  extensions?: SessionExtension[];
  /** How long Auto waits for a stdio server's answer to its probe (default STDIO_PROBE_TIMEOUT_MS). */
  stdioProbeTimeoutMs?: number;
  /**
   * How long Auto waits for an HTTP server's answer to its probe (default HTTP_PROBE_TIMEOUT_MS).
   * A sign-in without a person (check's headless OAuth) happens inside that wait.
   */
  httpProbeTimeoutMs?: number;
  /** Auto's verdicts per target, so a target is probed once (the page's local storage). */
  eraMemory?: EraMemory;
}

/**
 * One MCP client session, free of any UI framework: connect to a server through a transport,
 * keep its tools listed, call them, and keep the trace and the server's log.
 */
export class McpSession {
  readonly state = new Store<SessionState>(INITIAL_SESSION_STATE);
  readonly trace: TraceLog;
  private client: Client | undefined;
  private transport: TracedTransport | undefined;
  /** Bumped on every connect, so late answers from an older connection are ignored. */
  private generation = 0;

  private readonly extensions: SessionExtension[] = [];
  private readonly toolListing = new ToolListing({
    state: this.state,
    client: () => this.client,
    generation: () => this.generation,
  });
  /** Closes the connection's subscriptions/listen stream. */
  private closeListen: (() => void) | undefined;
  /** Marks the trace frames of calls a model or a View asked for. */
  private readonly origins = new CallOrigins();
  /** The bridge's events since the current connect began (its stderr says why a server could not start). */
  private connectEvents: TimedBridgeEvent[] = [];

  constructor(private readonly options: McpSessionOptions) {
    this.trace = new TraceLog(options.scheduleTrace);
    this.extensions.push(...(options.extensions ?? []));
  }

  /** Adds a feature to every future connection. */
  use(extension: SessionExtension): void {
    this.extensions.push(extension);
  }

  /** The client of the current connection, for extensions that send requests of their own. */
  get currentClient(): Client | undefined {
    return this.client;
  }

  /**
   * Hands a finished chat turn to the bridge for this connection's recording; false when there is no
   * connection (or its transport records nothing), so the turn is in no recording.
   */
  recordChatTurn(note: ChatTurnNote): boolean {
    return recordChatTurn(this.transport, this.state.get().status === 'connected', note);
  }

  /**
   * Connects to `target` in its era (`target.era`, default Auto), closing any current connection
   * first. Never throws; see `state.error`. `protocolVersion` is the revision offered in a legacy
   * `initialize` (default: the SDK's latest).
   */
  async connect(target: ServerTarget, connectOptions: { protocolVersion?: string } = {}): Promise<void> {
    await this.disconnect();
    const generation = ++this.generation;
    const traceFrom = this.trace.get().frames.length;
    const setup = this.trace.beginSetup();
    this.toolListing.useTarget(target);
    this.connectEvents = [];
    this.state.update(connectingState(target));
    const chosen = effectiveEra(target.era ?? 'auto', connectOptions.protocolVersion);
    const opened = await openInEra({
      target,
      chosen,
      memory: this.options.eraMemory,
      failedAtStart: () => startupFailure(this.connectEvents) !== undefined,
      open: (era) => {
        // Only an open under Auto probes; the trace names the discover's answer by it.
        if (era === 'auto') this.trace.setups.noteProbe(setup);
        return this.open(target, era, generation, connectOptions.protocolVersion);
      },
      restart: async (failed, verdict) => {
        if (generation !== this.generation) return false;
        await failed.transport.close().catch(() => {});
        this.state.update({ status: 'connecting', error: undefined, eraProbe: verdict });
        return true;
      },
    });
    if (!opened || generation !== this.generation) return this.trace.endSetup(setup, false);
    const { attempt, remembered, reprobed } = opened;
    const { client, transport, probe, error } = attempt;
    if (error !== undefined) {
      this.client = undefined;
      this.transport = undefined;
      await transport.close().catch(() => {});
      const probeAnswer = wireAnswerOf(this.trace, traceFrom, 'server/discover');
      const failure = withStderr(describeConnectFailure(error, target, probeAnswer), this.connectEvents);
      this.trace.endSetup(setup, false);
      this.state.update({ status: 'disconnected', error: failure.headline, errorDetail: failure });
      return;
    }
    const negotiatedEra = client.getProtocolEra();
    if (chosen === 'auto' && !remembered && negotiatedEra)
      this.options.eraMemory?.remember(target, negotiatedEra, negotiatedRevision(client, transport));
    // The listen and the first listing go on the wire before the page shows "connected": that render
    // of the whole connected page ran first and held both back ~0.1-0.2 s when they were sent after it.
    this.closeListen = this.listen(client, generation, []);
    const listing = client.getServerCapabilities()?.tools ? this.refreshTools() : undefined;
    this.state.update((state) => connectedState(state, client, transport, { remembered, reprobed, probe }));
    await listing;
    // Ready: the trace folds what this connect sent and received into one row (a newer connect drops it).
    this.trace.endSetup(setup, generation === this.generation, setupNote(this.state.get()));
  }

  /** Opens the connection's `subscriptions/listen` (2026-07-28) for list changes and `resources` updates. */
  private listen(client: Client, generation: number, resources: readonly string[]): (() => void) | undefined {
    const report = (listen: SessionState['listen']) => {
      if (generation === this.generation) this.state.update({ listen });
    };
    return openListSubscription(client, report, resources);
  }

  /** Opens one connection in `era` (see connection-open.ts); late events of an older one are ignored. */
  private open(
    target: ServerTarget,
    era: ProtocolEraChoice,
    generation: number,
    protocolVersion: string | undefined,
  ): Promise<Attempt> {
    const { createTransport, clientInfo, stdioProbeTimeoutMs, httpProbeTimeoutMs } = this.options;
    const context: OpenContext = {
      createTransport,
      clientInfo,
      stdioProbeTimeoutMs,
      httpProbeTimeoutMs,
      extensions: this.extensions,
      trace: this.trace,
      origins: this.origins,
      listCache: this.listCache,
      log: (entry) => this.addLog(entry),
      probeWait: (probeWait) => this.state.update({ probeWait }),
      adopt: (client, transport) => {
        this.client = client;
        this.transport = transport;
      },
      closed: (transport) => {
        if (generation !== this.generation) return;
        const reason = transport.closeReason;
        this.client = undefined;
        this.transport = undefined;
        this.state.update({
          status: 'disconnected',
          error: reason && reason !== 'Disconnected' ? reason : undefined,
          lostBridge: transport.lostBridge === true,
          toolsLoading: false,
        });
      },
      toolsChanged: () => this.refreshTools(),
    };
    return openConnection(context, target, era, protocolVersion);
  }

  /** Forgets Auto's verdict for the current target, so its next connect probes again. */
  forgetEra(): void {
    const target = this.state.get().target;
    if (!target || !this.options.eraMemory) return;
    this.options.eraMemory.forget(target);
    this.state.update((state) => ({ eraProbe: state.eraProbe && { ...state.eraProbe, forgotten: true } }));
  }

  /** Closes the connection (the bridge ends a stdio server). */
  async disconnect(): Promise<void> {
    const client = this.client;
    this.generation++;
    this.closeListen?.();
    this.closeListen = undefined;
    this.client = undefined;
    this.transport = undefined;
    if (client) await client.close().catch(() => {});
    if (this.state.get().status !== 'disconnected')
      this.state.update({ status: 'disconnected', toolsLoading: false });
  }

  /**
   * Lists all tools again (all pages); pages still fresh by their cache hints are not asked for
   * again unless `fresh` (the Refresh button).
   */
  refreshTools(options: { fresh?: boolean } = {}): Promise<void> {
    return this.toolListing.refresh(options);
  }

  /** List pages kept by the server's cache hints (2026-07-28). */
  get listCache(): ListCache {
    return this.toolListing.cache;
  }

  /** Calls a tool and reports how it ended; protocol errors are outcomes, not exceptions. */
  async callTool(name: string, args: unknown, options: CallOptions = {}): Promise<CallOutcome> {
    const client = this.client;
    if (!client) {
      return { status: 'protocol-error', error: { code: -1, message: 'Not connected' }, durationMs: 0 };
    }
    const context = {
      client,
      trace: this.trace,
      origins: this.origins,
      extensions: this.extensions,
      answerInput: this.answerInput,
      relistTools: () => this.refreshTools({ fresh: true }),
      again: (retry: CallOptions) => this.callTool(name, args, retry),
    };
    return callTool(context, name, args, options);
  }

  /**
   * One page of a paginated list (resources/list, resources/templates/list, prompts/list), from the
   * list cache while the server's ttlMs runs, read loosely so a malformed entry is shown rather than
   * failing the page.
   */
  async listPage(
    method: PagedListMethod,
    cursor?: string,
    { fresh = false }: { fresh?: boolean } = {},
  ): Promise<{ items: Record<string, unknown>[]; nextCursor?: string; freshness: ListFreshness }> {
    const client = this.connectedClient();
    // Ask for nothing the server did not declare: the request would only come back as an error, and a
    // red error in the trace for a list the server never offered misleads the reader.
    const capability = method === 'prompts/list' ? 'prompts' : 'resources';
    if (this.state.get().server?.capabilities[capability] === undefined)
      throw new Error(`This server does not declare ${capability}.`);
    const { result, freshness } = await this.listCache.page(
      method,
      cursor,
      () => client.request({ method, params: cursor === undefined ? {} : { cursor } }, LooseResultSchema),
      { bypass: fresh },
    );
    return { ...pageOf(method, result), freshness };
  }

  /** Sends a tasks/* request and returns the result as sent. */
  async taskRequest(method: TaskMethod, params: Record<string, unknown>, timeoutMs?: number) {
    return taskRequest(this.connectedClient(), method, params, timeoutMs);
  }

  /**
   * A resources/read or prompts/get made as a call: its outcome (the result as sent, or the error as a value)
   * with its round trip, like {@link callTool}'s.
   */
  async request(
    method: SurfaceMethod,
    params: Record<string, unknown>,
    options: SurfaceRequestOptions = {},
  ): Promise<CallOutcome> {
    const client = this.client;
    if (!client)
      return { status: 'protocol-error', error: { code: -1, message: 'Not connected' }, durationMs: 0 };
    return surfaceRequest(client, method, params, this.answerInput, options);
  }

  /** completion/complete; a server that does not declare completions is not asked (this throws instead). */
  async complete(
    ref: CompletionRef,
    argument: { name: string; value: string },
    filled: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<Completion> {
    const client = this.connectedClient();
    if (this.state.get().server?.capabilities.completions === undefined)
      throw new Error('This server does not declare completions.');
    return complete(client, ref, argument, filled, signal);
  }

  /**
   * Subscribes to a resource's updates, or ends that: `resources/subscribe` / `unsubscribe` before 2026-07-28,
   * the `subscriptions/listen` filter's resources from then on (the stream opens again with the new list).
   */
  async subscribeResource(uri: string, subscribe: boolean): Promise<void> {
    const client = this.connectedClient();
    const current = this.state.get().resourceSubscriptions;
    const next = subscribe ? [...new Set([...current, uri])] : current.filter((other) => other !== uri);
    if (client.getProtocolEra() === 'modern') {
      this.closeListen?.();
      this.closeListen = this.listen(client, this.generation, next);
    } else {
      const method = subscribe ? 'resources/subscribe' : 'resources/unsubscribe';
      await client.request({ method, params: { uri } } as never, LooseResultSchema);
    }
    if (client === this.client) this.state.update({ resourceSubscriptions: next });
  }

  /** Reads a resource (for resource links and embedded URIs); the result is as the server sent it. */
  async readResource(uri: string): Promise<ReadResourceResult> {
    return readResource(this.connectedClient(), uri, this.answerInput);
  }

  /**
   * Answers input requests (of an `input_required` result or a waiting task) with the extension
   * that can: the page's elicitation, sampling and roots views.
   */
  readonly answerInput: InputAnswerer = (requests, signal) => {
    const answerer = this.extensions.find((extension) => extension.answerInputRequests);
    if (!answerer?.answerInputRequests) throw new Error('Nothing in this page can answer the input requests');
    return answerer.answerInputRequests(requests, signal);
  };

  private connectedClient(): Client {
    if (!this.client) throw new Error('Not connected');
    return this.client;
  }

  private addLog(entry: TimedBridgeEvent): void {
    this.connectEvents = withLogEntry(this.connectEvents, entry);
    this.state.update((state) => ({ log: withLogEntry(state.log, entry) }));
  }
}
