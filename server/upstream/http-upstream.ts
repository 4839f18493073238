import {
  SSEClientTransport,
  SdkHttpError,
  SseError,
  StreamableHTTPClientTransport,
  type FetchLike,
  type JSONRPCMessage,
  type RequestId,
  type Transport,
} from '@modelcontextprotocol/client';
import type { FrameHttp } from '#shared/bridge-protocol.ts';
import type { HttpTarget } from '#shared/targets.ts';
import { httpFailure, jsonRpcErrorBody, serverAnswerIn } from './http-error-answer.ts';
import { describeRequest } from './request-facts.ts';
import { ToolHeaderRegistry } from './tool-header-registry.ts';
import { UpstreamError, type Upstream, type UpstreamSendOptions } from './upstream.ts';
import { watchedFetch } from './watched-fetch.ts';
import { WireTap } from './wire-tap.ts';
import type { OAuthOptions } from '../oauth/oauth-options.ts';
import { MAX_SIGN_INS_PER_MESSAGE } from '../oauth/sign-in-limits.ts';
import { UpstreamSignIn, isSignInFailure } from '../oauth/upstream-sign-in.ts';

/** Options of an {@link HttpUpstream}. */
export interface HttpUpstreamOptions {
  /**
   * The fetch every HTTP request goes through (default: the global fetch). The bridge wraps it to
   * watch the wire; a caller may pass one that guards where requests may go.
   */
  fetch?: FetchLike;
  /** How to sign in when the server asks for OAuth; without it, a 401 is reported as it is. */
  oauth?: OAuthOptions;
}

/**
 * A remote MCP server over Streamable HTTP or legacy SSE, using the SDK's client transports. On the
 * way it stamps each message with the HTTP that carried it, adds the `Mcp-Param-*` headers of modern
 * tool calls, passes the server's own JSON-RPC errors through whatever their HTTP status, and
 * cancels a request by aborting its POST.
 */
export class HttpUpstream implements Upstream {
  readonly reportsWire = true;
  private readonly transport: Transport & { setProtocolVersion?: (version: string) => void };
  private readonly wire = new WireTap();
  private readonly toolHeaders = new ToolHeaderRegistry();
  /** Header names (lower case) the user set on the target: their values are hidden in frames. */
  private readonly userHeaders: ReadonlySet<string>;
  /** Requests on their way or waiting for their answer, with the switch that aborts their POST. */
  private readonly inflight = new Map<RequestId, AbortController>();
  private closed = false;
  /** Errors the transport already reported through onerror (it also rethrows them from send). */
  private readonly reported = new WeakSet<object>();
  /** OAuth for this connection only (its tokens end with it), when the caller allowed sign-in. */
  private readonly signIn: UpstreamSignIn | undefined;
  private readonly base: FetchLike;
  onmessage?: Upstream['onmessage'];
  onbadframe?: Upstream['onbadframe'];
  onlost?: Upstream['onlost'];
  onevent?: Upstream['onevent'];
  onclose?: Upstream['onclose'];

  constructor(
    private readonly target: HttpTarget,
    options: HttpUpstreamOptions = {},
  ) {
    const url = new URL(target.url);
    const requestInit: RequestInit = { headers: target.headers ?? {} };
    this.userHeaders = new Set(Object.keys(target.headers ?? {}).map((name) => name.toLowerCase()));
    const base: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
    this.signIn = options.oauth
      ? new UpstreamSignIn(options.oauth, (event) => this.onevent?.(event), url)
      : undefined;
    this.base = base;
    const mcpFetch =
      target.transport === 'sse'
        ? this.wire.fetch(base)
        : this.wire.fetch(watchedFetch((id, reason) => this.lost(id, reason), base));
    const transportOptions = {
      requestInit,
      fetch: this.signIn ? this.signIn.fetch(mcpFetch, base) : mcpFetch,
      ...(this.signIn ? { authProvider: this.signIn.provider } : {}),
    };
    this.transport =
      target.transport === 'sse'
        ? new SSEClientTransport(url, transportOptions)
        : new StreamableHTTPClientTransport(url, transportOptions);
    this.signIn?.attach(this.finisher());
    this.transport.onmessage = (message) => this.receive(message);
    this.transport.onerror = (error) => {
      this.reported.add(error);
      // The server answered with a JSON-RPC error: that is its answer (see send), not a fault.
      // A failed sign-in is reported once, in words, by recoverSignIn.
      if (this.signIn && isSignInFailure(error)) return;
      if (!jsonRpcErrorBody(error)) this.onevent?.(describeError(error));
    };
    this.transport.onclose = () => this.finish('Connection to the server closed');
  }

  async start(): Promise<void> {
    const url = new URL(this.target.url);
    try {
      await this.signIn?.signInFirst(url, this.base, this.finisher(), this.target);
      try {
        await this.transport.start();
      } catch (error) {
        // SSE opens its stream at start: a 401 there signs in, then opens it again.
        if (!(await this.recoverSignIn(error))) throw error;
        await this.transport.start();
      }
    } catch (error) {
      const event = describeError(error);
      if (!(error instanceof Object && this.reported.has(error))) this.onevent?.(event);
      throw new Error(event.message, { cause: error });
    }
    this.onevent?.({ kind: 'connected', transport: this.target.transport });
  }

  async send(message: JSONRPCMessage, _text: string, options: UpstreamSendOptions = {}): Promise<void> {
    if (this.closed) throw new Error('Connection to the server is closed');
    const id = 'method' in message && 'id' in message ? message.id : undefined;
    const abort =
      id !== undefined && this.transport instanceof StreamableHTTPClientTransport
        ? new AbortController()
        : undefined;
    if (abort) this.inflight.set(id!, abort);
    this.toolHeaders.noteSent(message);
    const headers = this.toolHeaders.headersFor(message);
    const onrequest = (method: string, sent: Headers) =>
      options.onwire?.({ request: describeRequest(method, sent, this.userHeaders) });
    // One wire context for every attempt: a message sent again after sign-in is still one frame.
    const context = { requestId: id, onrequest };
    const attempt = () =>
      this.wire.run(context, () =>
        this.transport.send(message, {
          ...(headers ? { headers } : {}),
          ...(abort ? { requestSignal: abort.signal } : {}),
        }),
      );
    try {
      const mark = this.signIn?.challengeMark();
      for (let signIns = 0; ; signIns++) {
        try {
          await attempt();
          this.signIn?.succeeded(mark);
          break;
        } catch (error) {
          if (signIns >= MAX_SIGN_INS_PER_MESSAGE || !(await this.recoverSignIn(error))) throw error;
        }
      }
    } catch (error) {
      if (abort?.signal.aborted) return; // cancelled by the page: nothing to report
      if (id !== undefined) this.inflight.delete(id);
      const answer = id === undefined ? undefined : serverAnswerIn(error, id);
      const failure = httpFailure(error);
      if (answer) {
        const http: FrameHttp = failure ? { response: { status: failure.status } } : {};
        this.toolHeaders.noteReceived(answer);
        this.onmessage?.(answer, JSON.stringify(answer), http.response ? http : undefined);
        return;
      }
      const event = describeError(error);
      if (!(error instanceof Object && this.reported.has(error))) this.onevent?.(event);
      throw new UpstreamError(event.message, failure, { cause: error });
    }
  }

  cancel(id: RequestId): void {
    const abort = this.inflight.get(id);
    this.inflight.delete(id);
    abort?.abort(new Error('Cancelled by the page'));
  }

  setProtocolVersion(version: string): void {
    this.transport.setProtocolVersion?.(version);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      // Streamable HTTP: ask the server to drop its session; ignore servers that do not support it.
      if (this.transport instanceof StreamableHTTPClientTransport) await this.transport.terminateSession();
    } catch {
      // Not supported, or the server is already gone.
    }
    await this.transport.close();
    this.finish('Disconnected');
  }

  private finisher(): { finishAuth(params: URLSearchParams): Promise<void> } {
    return this.transport as Transport & { finishAuth(params: URLSearchParams): Promise<void> };
  }

  /** After a failure: signs in when the server asked for it and it can (true: try again). */
  private async recoverSignIn(error: unknown): Promise<boolean> {
    if (!this.signIn || this.closed) return false;
    try {
      return await this.signIn.recover(error, this.finisher());
    } catch (failure) {
      // A clear sentence for the page, with the 401 that started it kept as the status.
      const event = { kind: 'http-error' as const, status: 401, message: (failure as Error).message };
      this.onevent?.(event);
      const wrapped = new UpstreamError(event.message, { status: 401 }, { cause: failure });
      this.reported.add(wrapped);
      throw wrapped;
    }
  }

  private receive(message: JSONRPCMessage): void {
    this.toolHeaders.noteReceived(message);
    const responseId = 'id' in message && !('method' in message) ? message.id : undefined;
    if (responseId !== undefined) this.inflight.delete(responseId);
    // The wire context is the send whose POST the transport was reading when this arrived.
    const context = this.wire.current();
    const carried = responseId !== undefined && context?.response && context.requestId === responseId;
    this.onmessage?.(message, JSON.stringify(message), carried ? { response: context.response } : undefined);
  }

  private lost(id: RequestId, reason: string): void {
    const abort = this.inflight.get(id);
    this.inflight.delete(id);
    if (!abort?.signal.aborted) this.onlost?.(id, reason);
  }

  private finish(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.signIn?.cancel(`Sign-in cancelled: ${reason.toLowerCase()}`);
    for (const abort of this.inflight.values()) abort.abort(new Error(reason));
    this.inflight.clear();
    this.onclose?.(reason);
  }
}

/** Turns a transport error into a bridge event, keeping the HTTP status where there is one. */
function describeError(error: unknown): { kind: 'http-error'; status?: number; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  const status = httpFailure(error)?.status ?? (error instanceof SseError ? error.code : undefined);
  if (status !== undefined) return { kind: 'http-error', status, message };
  if (error instanceof SdkHttpError) return { kind: 'http-error', message };
  // The cause adds what the message lacks (fetch's "fetch failed" hides the network's reason);
  // a wrapper that already says it (a sign-in failure in words) is not said twice.
  const inner = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  const cause = inner && !message.includes(inner) ? `: ${inner}` : '';
  return { kind: 'http-error', message: message + cause };
}
