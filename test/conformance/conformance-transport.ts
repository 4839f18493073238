/**
 * The session's transport for the conformance client: the SDK's Streamable HTTP transport, plus
 * what the bridge does on this path in Toolscope (it sends `Mcp-Param-*` headers from the tool
 * list it saw pass, with the bridge's own registry), traced as the bridge stamps frames.
 */
import {
  StreamableHTTPClientTransport,
  type JSONRPCMessage,
  type OAuthClientProvider,
  type TransportSendOptions,
} from '@modelcontextprotocol/client';
import type { Frame } from '#shared/bridge-protocol.ts';
import { ToolHeaderRegistry } from '../../server/upstream/tool-header-registry.ts';
import type { TracedTransport } from '../../web/src/mcp/traced-transport.ts';

export class ConformanceTransport implements TracedTransport {
  readonly http: StreamableHTTPClientTransport;
  readonly hasPerRequestStream = true;
  private readonly headers = new ToolHeaderRegistry();
  private seq = 0;
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  onframe?: TracedTransport['onframe'];
  protocolVersion: string | undefined;

  constructor(url: URL, authProvider: OAuthClientProvider) {
    this.http = new StreamableHTTPClientTransport(url, { authProvider });
    this.http.onmessage = (message) => {
      this.headers.noteReceived(message);
      this.stamp('in', message);
      this.onmessage?.(message);
    };
    this.http.onerror = (error) => this.onerror?.(error);
    this.http.onclose = () => this.onclose?.();
  }

  start(): Promise<void> {
    return this.http.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.headers.noteSent(message);
    const params = this.headers.headersFor(message);
    this.stamp('out', message);
    await this.http.send(
      message,
      params ? { ...options, headers: { ...options?.headers, ...params } } : options,
    );
  }

  close(): Promise<void> {
    return this.http.close();
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
    this.http.setProtocolVersion(version);
  }

  private stamp(direction: Frame['direction'], message: JSONRPCMessage): void {
    this.onframe?.({
      seq: this.seq++,
      direction,
      time: Date.now(),
      bytes: JSON.stringify(message).length,
      message,
    });
  }
}
