import type { ChildProcess } from 'node:child_process';
import type { Writable } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { isJsonRpcMessage } from './json-rpc-shape.ts';
import type { StdioTarget } from '#shared/targets.ts';
import type { Upstream } from './upstream.ts';
import { LineSplitter } from './line-splitter.ts';
import { spawnStdioChild, takeSpare } from './spare-process.ts';

/** How long the pipes may stay open after the server exited before the exit is reported anyway. */
const PIPES_AFTER_EXIT_MS = 250;

/** How long a child gets to exit after its stdin closes, then after SIGTERM, before SIGKILL. */
const EXIT_GRACE_MS = 700;

/**
 * A stdio MCP server in a child process. The SDK's StdioClientTransport drops lines it cannot parse
 * and hides the exit code; a debugger needs both, so this keeps the SDK's framing (newline-delimited
 * JSON checked by the rules of its JSONRPCMessageSchema) and reports everything else as events.
 * The child runs in its own process group so that wrappers such as `npx` die with their children.
 */
export class StdioUpstream implements Upstream {
  private child: ChildProcess | undefined;
  private exited: Promise<void> | undefined;
  private closedReason: string | undefined;
  onmessage?: Upstream['onmessage'];
  onbadframe?: Upstream['onbadframe'];
  onevent?: Upstream['onevent'];
  onclose?: Upstream['onclose'];

  constructor(private readonly target: StdioTarget) {}

  /** Process id of the child, while it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      // The bridge may keep this very process started ahead of time (the built-in demo): adopt it.
      const adopted = takeSpare(this.target);
      const child = adopted?.child ?? spawnStdioChild(this.target);
      this.child = child;
      this.exited = new Promise((done) => child.once('close', () => done()));
      const stdout = new LineSplitter((line) => this.readLine(line));
      const stderr = new LineSplitter((line) => this.onevent?.({ kind: 'stderr', line, time: Date.now() }));
      child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
      child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
      child.stdin?.on('error', () => {
        // EPIPE after the child died; the exit event reports it.
      });
      const spawned = () => {
        this.onevent?.({ kind: 'spawned', pid: child.pid ?? -1, command: this.target.command });
        resolve();
      };
      if (adopted) {
        // Already running: report it as spawned, then what it wrote while it waited.
        spawned();
        for (const chunk of adopted.stderr) stderr.push(chunk);
        for (const chunk of adopted.stdout) stdout.push(chunk);
      } else child.once('spawn', spawned);
      child.once('error', (error: NodeJS.ErrnoException) => {
        const message =
          error.code === 'ENOENT'
            ? `Command not found: ${this.target.command}`
            : `Could not start ${this.target.command}: ${error.message}`;
        this.onevent?.({ kind: 'error', message });
        reject(new Error(message));
        this.finish(message);
      });
      child.once('exit', (code, signal) => {
        // What the server wrote just before it exited ("Cannot find module …") may still be in the pipes:
        // let it arrive first, so the page has it when it hears of the exit (bounded: a grandchild may
        // hold the pipes open).
        let done = false;
        const reported = () => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          stdout.flush();
          stderr.flush();
          this.onevent?.({ kind: 'exited', code, signal });
          this.finish(signal ? `Server was killed by ${signal}` : `Server exited with code ${code}`);
        };
        const timer = setTimeout(reported, PIPES_AFTER_EXIT_MS);
        void this.exited?.then(reported);
      });
    });
  }

  async send(_message: JSONRPCMessage, text: string): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || !stdin.writable || this.closedReason)
      throw new Error(this.closedReason ?? 'Server is not running');
    const line = text + '\n';
    // Lines written in the same tick reach the server in one write.
    if (!stdin.writableCorked) {
      stdin.cork();
      process.nextTick(() => stdin.uncork());
    }
    if (!stdin.write(line)) await drained(stdin, this.child!);
  }

  async close(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.stdin?.end();
    if (await this.waitForExit(EXIT_GRACE_MS)) return;
    this.killGroup('SIGTERM');
    if (await this.waitForExit(EXIT_GRACE_MS)) return;
    this.killGroup('SIGKILL');
    await this.waitForExit(EXIT_GRACE_MS);
  }

  /** Ends the child at once without waiting; for process exit handlers. */
  killNow(): void {
    this.killGroup('SIGKILL');
  }

  private readLine(line: string): void {
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.onbadframe?.(line, 'Not JSON: the server wrote a line to stdout that is not a JSON-RPC message');
      return;
    }
    if (!isJsonRpcMessage(value)) {
      this.onbadframe?.(line, 'Not a valid JSON-RPC 2.0 message');
      return;
    }
    // Forward what the server sent, as it sent it.
    this.onmessage?.(value, line);
  }

  private killGroup(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, signal);
    } catch {
      try {
        this.child?.kill(signal);
      } catch {
        // Already gone.
      }
    }
  }

  private async waitForExit(ms: number): Promise<boolean> {
    if (!this.exited) return true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    const result = await Promise.race([this.exited.then(() => true), timeout]);
    clearTimeout(timer);
    return result;
  }

  private finish(reason: string): void {
    if (this.closedReason) return;
    this.closedReason = reason;
    this.onclose?.(reason);
  }
}

/**
 * Resolves when `stdin` can take more, or can take nothing ever again (the server exited or closed
 * its input): a writer waiting for a drain that never comes would hold its message, and the page's
 * socket behind it, for good.
 */
function drained(stdin: Writable, child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      stdin.off('drain', done);
      stdin.off('close', done);
      stdin.off('error', done);
      child.off('exit', done);
      resolve();
    };
    stdin.once('drain', done);
    stdin.once('close', done);
    stdin.once('error', done);
    child.once('exit', done);
  });
}
