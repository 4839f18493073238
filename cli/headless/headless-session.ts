import type { ServerTarget } from '#shared/targets.ts';
import { McpSession } from '#client/session/mcp-session.ts';
import type { SessionExtension } from '#client/session/session-extension.ts';
import { BridgeTransport } from '#client/transport/bridge-transport.ts';
import type { TracedTransport } from '#client/transport/traced-transport.ts';
import { AutoAnswer } from '#client/checks/auto-answer.ts';
import { InProcessSocket } from './in-process-socket.ts';
import { packageVersion } from '../../server/package-version.ts';

/** Auto's wait for an HTTP server's first answer: a busy CI machine is slower than a person's. */
const HTTP_PROBE_TIMEOUT_MS = 60_000;

/**
 * The page's session run headless, as `toolscope check` runs it: the session code of client/ over the
 * bridge's own channel, relay and upstream in this process (an {@link InProcessSocket} per connection),
 * answering a server's questions with no person present. `load` and `eval` connect through it, so what
 * they measure or ask is what the page would see.
 */
export class HeadlessSession {
  readonly session: McpSession;
  private readonly sockets: InProcessSocket[] = [];

  constructor(
    clientName: string,
    /** Makes the transport instead of the bridge's channel (`load --compare-direct`'s direct path). */
    createTransport?: (target: ServerTarget) => TracedTransport,
    extensions: SessionExtension[] = [new AutoAnswer()],
  ) {
    this.session = new McpSession({
      createTransport:
        createTransport ??
        ((target) => {
          const socket = new InProcessSocket();
          this.sockets.push(socket);
          return new BridgeTransport(socket, target);
        }),
      clientInfo: { name: clientName, version: packageVersion() },
      extensions,
      httpProbeTimeoutMs: HTTP_PROBE_TIMEOUT_MS,
    });
  }

  /** Connects; undefined when connected, else why not. */
  async connect(target: ServerTarget): Promise<string | undefined> {
    await this.session.connect(target);
    const state = this.session.state.get();
    return state.status === 'connected' ? undefined : (state.error ?? 'unknown error');
  }

  /** Disconnects and waits for the server it opened to be closed (a stdio child with its process group). */
  async close(): Promise<void> {
    await this.session.disconnect();
    await Promise.all(this.sockets.map((socket) => socket.shutdown()));
  }
}
