import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  ErrorCode,
  McpError,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type Implementation,
  type ReadResourceResult,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ServerTarget } from '#shared/targets.ts';
import { listAllTools } from './list-all-tools.ts';
import { Store } from '../lib/store.ts';
import { TraceLog } from './trace-log.ts';
import type { TracedTransport } from './traced-transport.ts';
import type { CallOutcome, CallProgress, SessionState } from './session-types.ts';
import type { TimedBridgeEvent } from '#shared/bridge-protocol.ts';
import type { SessionExtension } from './session-extension.ts';
import { offerProtocolVersion } from './traced-transport.ts';

/** Most log entries kept; older ones are dropped first. */
const MAX_LOG_ENTRIES = 5000;

const LooseResultSchema = z.looseObject({});

/** What the session needs from its environment. */
export interface McpSessionOptions {
  /** Makes the transport for a target: the bridge in the browser, in-memory pairs in tests. */
  createTransport: (target: ServerTarget) => TracedTransport;
  clientInfo?: Implementation;
  /** Batches trace notifications (requestAnimationFrame in the browser). */
  scheduleTrace?: (run: () => void) => void;
  /** Features that add capabilities and handlers to every connection. */
  extensions?: SessionExtension[];
}

/** Options of one tool call. */
export interface CallOptions {
  onprogress?: (progress: CallProgress) => void;
  signal?: AbortSignal;
  /** Per-call timeout in ms; reset by progress. */
  timeoutMs?: number;
  /** Upper bound on the whole call in ms, however much progress arrives. */
  maxTotalMs?: number;
  /** Task augmentation (2025-11-25): the server answers with a task to poll instead of the result. */
  task?: { ttl?: number };
}

const initialState: SessionState = {
  status: 'disconnected',
  target: undefined,
  error: undefined,
  server: undefined,
  tools: [],
  toolsLoading: false,
  toolsError: undefined,
  log: [],
  recordingId: undefined,
  lostBridge: false,
};

/**
 * One MCP client session, free of any UI framework: connect to a server through a transport,
 * keep its tools listed, call them, and keep the trace and the server's log.
 */
export class McpSession {
  readonly state = new Store<SessionState>(initialState);
  readonly trace: TraceLog;
  private client: Client | undefined;
  private transport: TracedTransport | undefined;
  /** Bumped on every connect, so late answers from an older connection are ignored. */
  private generation = 0;

  private readonly extensions: SessionExtension[] = [];
  /** The tools/list in flight, and whether another was asked for meanwhile. */
  private listing: Promise<void> | undefined;
  private listAgain = false;

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
   * Connects to `target`, closing any current connection first. Never throws; see `state.error`.
   * `protocolVersion` is the revision offered in initialize (default: the SDK's latest).
   */
  async connect(target: ServerTarget, connectOptions: { protocolVersion?: string } = {}): Promise<void> {
    await this.disconnect();
    const generation = ++this.generation;
    this.state.update({
      status: 'connecting',
      target,
      error: undefined,
      server: undefined,
      tools: [],
      recordingId: undefined,
      lostBridge: false,
    });
    const transport = this.options.createTransport(target);
    if (connectOptions.protocolVersion) offerProtocolVersion(transport, connectOptions.protocolVersion);
    this.trace.startConnection();
    transport.onframe = (frame) => this.trace.append(frame);

    transport.onbridgeevent = (event, time) => this.addLog({ event, time });
    const capabilities = Object.assign(
      {},
      ...this.extensions.map((extension) => extension.capabilities?.() ?? {}),
    );
    const client = new Client(this.options.clientInfo ?? { name: 'toolscope', version: '0.1.0' }, {
      capabilities,
    });
    for (const extension of this.extensions) extension.attach(client);
    client.onclose = () => {
      for (const extension of this.extensions) extension.detach?.();

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
    };
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.refreshTools());
    this.client = client;
    this.transport = transport;
    try {
      await client.connect(transport);
    } catch (error) {
      if (generation !== this.generation) return;
      this.client = undefined;
      this.transport = undefined;
      await transport.close().catch(() => {});
      this.state.update({ status: 'disconnected', error: describeError(error) });
      return;
    }
    if (generation !== this.generation) return;
    this.state.update({
      status: 'connected',
      recordingId: transport.recordingId,
      server: {
        info: client.getServerVersion() ?? { name: 'unknown', version: '' },
        protocolVersion: transport.protocolVersion ?? 'unknown',
        capabilities: client.getServerCapabilities() ?? {},
        instructions: client.getInstructions(),
      },
    });
    if (client.getServerCapabilities()?.tools) await this.refreshTools();
  }

  /** Closes the connection (the bridge ends a stdio server). */
  async disconnect(): Promise<void> {
    const client = this.client;
    this.generation++;
    this.client = undefined;
    this.transport = undefined;
    if (client) await client.close().catch(() => {});
    if (this.state.get().status !== 'disconnected')
      this.state.update({ status: 'disconnected', toolsLoading: false });
  }

  /** Lists all tools again (all pages). */
  async refreshTools(): Promise<void> {
    // A burst of list_changed notifications costs at most one listing in flight plus one after it.
    if (this.listing) {
      this.listAgain = true;
      return this.listing;
    }
    this.listing = this.listToolsOnce();
    try {
      await this.listing;
    } finally {
      this.listing = undefined;
    }
    if (this.listAgain) {
      this.listAgain = false;
      await this.refreshTools();
    }
  }

  private async listToolsOnce(): Promise<void> {
    const client = this.client;
    if (!client) return;
    const generation = this.generation;
    this.state.update({ toolsLoading: true, toolsError: undefined });
    try {
      const tools = await listAllTools(client);
      if (generation === this.generation) this.state.update({ tools, toolsLoading: false });
    } catch (error) {
      if (generation === this.generation)
        this.state.update({ toolsLoading: false, toolsError: describeError(error) });
    }
  }

  /** Calls a tool and reports how it ended; protocol errors are outcomes, not exceptions. */
  async callTool(name: string, args: unknown, options: CallOptions = {}): Promise<CallOutcome> {
    const started = performance.now();
    const client = this.client;
    if (!client) {
      return { status: 'protocol-error', error: { code: -1, message: 'Not connected' }, durationMs: 0 };
    }
    try {
      const result = (await client.request(
        {
          method: 'tools/call',
          params: {
            name,
            arguments: args as Record<string, unknown>,
            ...(options.task ? { task: options.task } : {}),
          },
        },
        LooseResultSchema,
        {
          onprogress: options.onprogress,
          signal: options.signal,
          timeout: options.timeoutMs,
          resetTimeoutOnProgress: true,
          maxTotalTimeout: options.maxTotalMs,
        },
      )) as CallToolResult;
      const durationMs = performance.now() - started;
      return { status: result.isError === true ? 'tool-error' : 'ok', result, durationMs };
    } catch (error) {
      const durationMs = performance.now() - started;
      // The SDK sends notifications/cancelled for both of these before rejecting.
      if (options.signal?.aborted) {
        return {
          status: 'cancelled',
          error: { code: -1, message: String(options.signal.reason ?? 'Cancelled') },
          durationMs,
        };
      }
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
        return {
          status: 'timed-out',
          error: { code: error.code, message: stripCodePrefix(error.message) },
          durationMs,
        };
      }
      if (error instanceof McpError) {
        // The SDK client checks a task-augmented answer itself; say so rather than blame the server's wording.
        const message =
          options.task && /Invalid task creation result/.test(error.message)
            ? `The server did not answer with a task (see its response in the trace): ${stripCodePrefix(error.message)}`
            : stripCodePrefix(error.message);
        return {
          status: 'protocol-error',
          error: { code: error.code, message, data: error.data },
          durationMs,
        };
      }

      return { status: 'protocol-error', error: { code: -1, message: describeError(error) }, durationMs };
    }
  }

  /**
   * One page of a paginated list (resources/list, resources/templates/list, prompts/list),
   * read loosely so a malformed entry is shown rather than failing the page.
   */
  async listPage(
    method: 'resources/list' | 'resources/templates/list' | 'prompts/list',
    cursor?: string,
  ): Promise<{ items: Record<string, unknown>[]; nextCursor?: string }> {
    const client = this.client;
    if (!client) throw new Error('Not connected');
    const result = (await client.request(
      { method, params: cursor === undefined ? {} : { cursor } },
      LooseResultSchema,
    )) as Record<string, unknown>;
    const key =
      method === 'prompts/list' ? 'prompts' : method === 'resources/list' ? 'resources' : 'resourceTemplates';
    const items = Array.isArray(result[key]) ? (result[key] as unknown[]) : [];
    return {
      items: items.filter(
        (item): item is Record<string, unknown> => typeof item === 'object' && item !== null,
      ),
      nextCursor: typeof result.nextCursor === 'string' ? result.nextCursor : undefined,
    };
  }

  /** Sends a tasks/* request (get, result, cancel, list) and returns the result as sent. */
  async taskRequest(
    method: 'tasks/get' | 'tasks/result' | 'tasks/cancel' | 'tasks/list',
    params: Record<string, unknown>,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>> {
    const client = this.client;
    if (!client) throw new Error('Not connected');
    return (await client.request({ method, params } as never, LooseResultSchema, {
      timeout: timeoutMs,
    })) as Record<string, unknown>;
  }

  /** Gets a prompt with its arguments filled in. */

  async getPrompt(name: string, args: Record<string, string>): Promise<unknown> {
    const client = this.client;
    if (!client) throw new Error('Not connected');
    return client.request({ method: 'prompts/get', params: { name, arguments: args } }, LooseResultSchema);
  }

  /** Reads a resource (for resource links and embedded URIs); the result is as the server sent it. */

  async readResource(uri: string): Promise<ReadResourceResult> {
    const client = this.client;
    if (!client) throw new Error('Not connected');
    return (await client.request(
      { method: 'resources/read', params: { uri } },
      LooseResultSchema,
    )) as ReadResourceResult;
  }

  private addLog(entry: TimedBridgeEvent): void {
    this.state.update((state) => ({ log: [...state.log.slice(-(MAX_LOG_ENTRIES - 1)), entry] }));
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The SDK prefixes McpError messages with "MCP error <code>: "; the UI shows the code separately. */
function stripCodePrefix(message: string): string {
  return message.replace(/^MCP error -?\d+: /, '');
}
