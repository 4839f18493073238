import { spawn, type ChildProcess } from 'node:child_process';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import type { StdioTarget } from '#shared/targets.ts';

/**
 * A server process spawned ahead of time, handed over to the first stdio connection to its target.
 * What it wrote while it waited is kept, so the connection reports it as if it had just been written.
 */
export interface WaitingChild {
  child: ChildProcess;
  /** stdout chunks written before the hand-off (a server should write none before a request). */
  stdout: Buffer[];
  /** stderr chunks written before the hand-off. */
  stderr: Buffer[];
}

/** What a waiting child may write before the rest is dropped (stdout and stderr together). */
const MAX_KEPT_BYTES = 256 * 1024;

/** Options of {@link SpareProcess}; `spawnChild` and `respawnDelayMs` are for tests. */
export interface SpareOptions {
  spawnChild?: (target: StdioTarget) => ChildProcess;
  /** Delay before the next spare is spawned after a hand-off, so it does not compete with the connect. */
  respawnDelayMs?: number;
}

/** Spawns a stdio target the way {@link StdioUpstream} does: own process group, three pipes. */
export function spawnStdioChild(target: StdioTarget): ChildProcess {
  return spawn(target.command, target.args, {
    env: { ...getDefaultEnvironment(), ...target.env },
    cwd: target.cwd || undefined,
    stdio: ['pipe', 'pipe', 'pipe'],
    shell: false,
    detached: true,
  });
}

/** True when two stdio targets run the same process: command, arguments, folder and environment. */
export function sameProcess(a: StdioTarget, b: StdioTarget): boolean {
  const envA = Object.entries(a.env ?? {}).sort(([x], [y]) => x.localeCompare(y));
  const envB = Object.entries(b.env ?? {}).sort(([x], [y]) => x.localeCompare(y));
  return (
    a.command === b.command &&
    a.args.length === b.args.length &&
    a.args.every((arg, index) => arg === b.args[index]) &&
    (a.cwd || '') === (b.cwd || '') &&
    JSON.stringify(envA) === JSON.stringify(envB)
  );
}

/**
 * Keeps at most one process of `target` waiting, so that the first connect (and a Reconnect) does
 * not wait for the server's own start-up (the built-in demo needs 0.4-1.7 s to import its SDK).
 * Local mode only: hosted mode never creates one.
 */
export class SpareProcess {
  private waiting: WaitingChild | undefined;
  private respawnTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly spawnChild: (target: StdioTarget) => ChildProcess;
  private readonly respawnDelayMs: number;
  private readonly onExit = (): void => this.killNow();

  constructor(
    private readonly target: StdioTarget,
    options: SpareOptions = {},
  ) {
    this.spawnChild = options.spawnChild ?? spawnStdioChild;
    this.respawnDelayMs = options.respawnDelayMs ?? 300;
    // Whatever way the bridge's process ends, the waiting child goes with it.
    process.once('exit', this.onExit);
  }

  /** Process id of the waiting child, if one waits. */
  get pid(): number | undefined {
    return this.alive(this.waiting) ? this.waiting!.child.pid : undefined;
  }

  /** Bytes the waiting child has written to stderr so far. */
  get stderrBytes(): number {
    return this.waiting?.stderr.reduce((sum, chunk) => sum + chunk.length, 0) ?? 0;
  }

  /** Spawns the spare unless one already waits. */
  start(): void {
    if (this.stopped || this.alive(this.waiting)) return;
    let child: ChildProcess;
    try {
      child = this.spawnChild(this.target);
    } catch {
      return; // The connect will spawn, and report why it could not.
    }
    const waiting: WaitingChild = { child, stdout: [], stderr: [] };
    // Kept for the Server log, up to a bound: a server chattering while it waits must not grow the bridge.
    let kept = 0;
    const keep = (into: Buffer[]) => (chunk: Buffer) => {
      if (kept + chunk.length > MAX_KEPT_BYTES) return;
      kept += chunk.length;
      into.push(chunk);
    };
    child.stdout?.on('data', keep(waiting.stdout));
    child.stderr?.on('data', keep(waiting.stderr));
    child.stdin?.on('error', () => {
      // EPIPE after the child died; it is then not adopted.
    });
    child.once('error', () => {
      if (this.waiting === waiting) this.waiting = undefined;
    });
    this.waiting = waiting;
  }

  /**
   * Hands over the waiting child when `target` runs the same process and the child still lives
   * (a dead one is dropped); then schedules the next spare. The caller owns the child from here.
   */
  take(target: StdioTarget): WaitingChild | undefined {
    if (this.stopped || !sameProcess(this.target, target)) return undefined;
    const waiting = this.waiting;
    this.waiting = undefined;
    this.scheduleNext();
    if (!this.alive(waiting)) {
      if (waiting) killGroup(waiting.child, 'SIGKILL');
      return undefined;
    }
    waiting!.child.stdout?.removeAllListeners('data');
    waiting!.child.stderr?.removeAllListeners('data');
    return waiting;
  }

  /** Stops spawning and ends the waiting child (by its process group), waiting until it is gone. */
  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.respawnTimer);
    process.off('exit', this.onExit);
    const waiting = this.waiting;
    this.waiting = undefined;
    if (!waiting || !this.alive(waiting)) return;
    const exited = new Promise<void>((resolve) => waiting.child.once('exit', () => resolve()));
    killGroup(waiting.child, 'SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), 1000)));
    if (await Promise.race([exited.then(() => false), late])) killGroup(waiting.child, 'SIGKILL');
    clearTimeout(timer);
  }

  /** Ends the waiting child at once; for process exit. */
  killNow(): void {
    this.stopped = true;
    clearTimeout(this.respawnTimer);
    if (this.waiting) killGroup(this.waiting.child, 'SIGKILL');
    this.waiting = undefined;
  }

  private scheduleNext(): void {
    clearTimeout(this.respawnTimer);
    this.respawnTimer = setTimeout(() => this.start(), this.respawnDelayMs);
    this.respawnTimer.unref();
  }

  private alive(waiting: WaitingChild | undefined): boolean {
    if (!waiting) return false;
    const { child } = waiting;
    return child.pid !== undefined && child.exitCode === null && child.signalCode === null;
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // Already gone.
    }
  }
}

let current: SpareProcess | undefined;

/** Starts keeping a spare of `target` for this process's bridge (local mode, built-in demo). */
export function startSpare(target: StdioTarget, options?: SpareOptions): SpareProcess {
  current?.killNow();
  current = new SpareProcess(target, options);
  current.start();
  return current;
}

/** The waiting child for `target`, if the bridge keeps a spare of exactly that process. */
export function takeSpare(target: StdioTarget): WaitingChild | undefined {
  return current?.take(target);
}

/** Ends the spare, if any; the bridge calls it when it stops. */
export async function stopSpare(): Promise<void> {
  const spare = current;
  current = undefined;
  await spare?.close();
}
