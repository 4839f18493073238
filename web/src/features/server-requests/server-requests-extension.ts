import type {
  Client,
  ClientContext,
  CreateMessageRequestParams,
  ElicitRequestParams,
} from '@modelcontextprotocol/client';
import type { InputRequest } from '#client/tasks/task-extension.ts';
import type { ClientCapabilities } from '@modelcontextprotocol/client';
import type { SessionExtension } from '#client/session/session-extension.ts';
import { Store } from '#client/lib/store.ts';
import {
  toClientCapabilities,
  type CapabilityFlags,
  type CapabilitySettings,
} from './capability-settings.ts';
import type { RootsStore } from './roots-store.ts';
import type { RequestContext, ServerRequestQueue } from './server-request-queue.ts';
import type { RequestDuring } from './request-during.ts';

/** The call a server request (by its JSON-RPC id and method) arrived during, as the trace marked it. */
export type DuringLookup = (requestId: string | number, method: string) => RequestDuring | undefined;

/** What the current connection declared, so the UI can say when settings differ from it. */
export interface DeclaredState {
  declared: CapabilityFlags | undefined;
}

/**
 * Answers the server's sampling, elicitation and roots requests. Each feature is declared and
 * handled only while enabled in the settings: the SDK refuses a handler for an undeclared
 * capability, and servers (server-everything among them) only offer tools whose requests the
 * client declared it can answer.
 */
export class ServerRequestsExtension extends Store<DeclaredState> implements SessionExtension {
  private client: Client | undefined;
  /** The flags of the connection being set up, taken once so capabilities and handlers agree. */
  private pendingFlags: CapabilityFlags | undefined;

  constructor(
    private readonly settings: CapabilitySettings,
    private readonly queue: ServerRequestQueue,
    private readonly roots: RootsStore,
    private readonly duringOf?: DuringLookup,
  ) {
    super({ declared: undefined });
    let lastRoots = roots.get().roots;
    roots.subscribe(() => {
      if (roots.get().roots === lastRoots) return;
      lastRoots = roots.get().roots;
      this.announceRootsChange();
    });
  }

  capabilities(): ClientCapabilities {
    this.pendingFlags = { ...this.settings.get() };
    return toClientCapabilities(this.pendingFlags);
  }

  attach(client: Client): void {
    const flags = this.pendingFlags ?? { ...this.settings.get() };
    this.pendingFlags = undefined;
    this.client = client;
    this.update({ declared: flags });
    if (flags.sampling) {
      client.setRequestHandler('sampling/createMessage', (request, context) =>
        this.queue.askSampling(request.params, this.requestContext(context, request.method)),
      );
    }
    if (flags.elicitation) {
      client.setRequestHandler('elicitation/create', (request, context) =>
        this.queue.askElicitation(request.params, this.requestContext(context, request.method)),
      );
    }
    if (flags.roots) {
      client.setRequestHandler('roots/list', () => ({ roots: [...this.roots.get().roots] }));
    }
  }

  detach(): void {
    this.client = undefined;
    this.update({ declared: undefined });
    this.queue.clear('The connection ended before the request was answered');
  }

  /**
   * Answers the input requests of a task waiting for input (2026-07-28 tasks extension) with the
   * same views as server-to-client requests: each key gets the answer of its request.
   */
  async answerInputRequests(
    requests: Record<string, InputRequest>,
    signal?: AbortSignal,
  ): Promise<Record<string, unknown>> {
    const answers = await Promise.all(
      Object.entries(requests).map(
        async ([key, request]) => [key, await this.answerOne(request, signal)] as const,
      ),
    );
    return Object.fromEntries(answers);
  }

  private async answerOne(request: InputRequest, signal?: AbortSignal): Promise<unknown> {
    const flag = INPUT_FLAGS[request.method];
    // The spec forbids asking for what the client did not declare; say so instead of answering.
    if (flag && !this.get().declared?.[flag])
      throw new Error(`The server asked for ${request.method}, which this connection did not declare`);
    switch (request.method) {
      case 'elicitation/create':
        return this.queue.askElicitation(request.params as ElicitRequestParams, { signal });
      case 'sampling/createMessage':
        return this.queue.askSampling(request.params as unknown as CreateMessageRequestParams, { signal });
      case 'roots/list':
        return { roots: [...this.roots.get().roots] };
      default:
        throw new Error(`The server asked for input with an unknown method: ${request.method}`);
    }
  }

  /** The queue's view of a handler's context: the request's id, the signal that cancels it, its call. */
  private requestContext(context: ClientContext, method: string): RequestContext {
    const requestId = context.mcpReq.id;
    const during = this.duringOf?.(requestId, method);
    return { signal: context.mcpReq.signal, requestId, ...(during ? { during } : {}) };
  }

  /** Tells the server its roots changed, when this connection declared roots. */
  private announceRootsChange(): void {
    const client = this.client;
    if (!client?.transport || !this.get().declared?.roots) return;
    // A closed or closing connection cannot be told; the next one asks for the list anyway.
    client.sendRootsListChanged().catch(() => {});
  }
}

/** The capability each kind of input request needs. */
const INPUT_FLAGS: Record<string, keyof CapabilityFlags> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};
