import type { Frame } from '#shared/bridge-protocol.ts';
import { TracePairs } from './trace-pairs.ts';
import { TraceRounds } from './trace-rounds.ts';
import { TraceSetups } from './trace-setup.ts';
import { recordedSetup } from './recorded-setup.ts';

/** A read-only snapshot of the trace; a new object after every change so React notices. */
export interface TraceSnapshot {
  frames: readonly Frame[];
  /** Increases on every change. */
  version: number;
}

/**
 * Every frame of the session in arrival order. Appends are cheap (no copy); listeners are
 * told once per batch so a burst of thousands of frames costs one render.
 */
export class TraceLog {
  private frames: Frame[] = [];
  /** How many connections have started, so an ended one's late frames are known. */
  private connections = 0;
  private snapshot: TraceSnapshot = { frames: this.frames, version: 0 };
  private readonly listeners = new Set<() => void>();
  private scheduled = false;
  private nextSeq = 0;

  /** Requests matched with their responses, with latencies. */
  readonly pairs = new TracePairs();
  /** The rounds of multi round-trip calls, grouped per call. */
  readonly rounds = new TraceRounds();
  /** The frames of each connect's setup, which the trace folds into one row. */
  readonly setups = new TraceSetups();
  private methodSet = new Set<string>();
  /** Methods seen so far, sorted; a new array only when a new method appears. */
  methodList: string[] = [];

  constructor(private readonly schedule: (run: () => void) => void = (run) => queueMicrotask(run)) {}

  /** A new connection starts: its frames are numbered on, and its request ids start afresh. */
  startConnection(): number {
    this.pairs.forgetOpenRequests();
    this.rounds.forgetOpenRequests();
    return ++this.connections;
  }

  /** True while `connection` (from {@link startConnection}) is the newest: no later one has started. */
  isNewest(connection: number): boolean {
    return connection === this.connections;
  }

  /**
   * Adds a frame. Frames are renumbered trace-wide (the bridge numbers them per connection),
   * keeping the bridge's number as `bridgeSeq`.
   */
  append(incoming: Frame): void {
    const frame: Frame = { ...incoming, bridgeSeq: incoming.seq, seq: this.nextSeq++ };
    this.frames.push(frame);

    this.pair(frame);
    this.setups.add(frame, this.pairs.of(frame.seq)?.requestSeq);
    this.noteMethod(frame);

    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      this.publish();
    });
  }

  /**
   * Replaces the trace with a replay's frames, kept exactly as they were. With the recording's target and server
   * (`recorded`), its connect setup folds into one row as live.
   */
  load(frames: readonly Frame[], recorded?: Parameters<typeof recordedSetup>[1]): void {
    this.clear();
    for (const frame of frames) {
      this.frames.push(frame);
      this.pair(frame);
      this.noteMethod(frame);
    }
    const setup = recorded && recordedSetup(frames, recorded);
    if (setup) this.setups.restore(setup.frames, setup.note, setup.probed, setup.readyTime);
    this.nextSeq = (frames.at(-1)?.seq ?? -1) + 1;
    this.publish();
  }

  /** A connect starts sending its setup frames; returns the id `endSetup` takes. */
  beginSetup(): number {
    return this.setups.begin();
  }

  /** The connect is ready (`note` says how it chose its protocol), or failed (`ok` false: nothing folds). */
  endSetup(id: number, ok: boolean, note?: string): void {
    if (ok) this.setups.end(id, note);
    else this.setups.drop(id);
    this.publish();
  }

  clear(): void {
    this.frames = [];
    this.pairs.clear();
    this.rounds.clear();
    this.setups.clear();
    this.methodSet = new Set();
    this.methodList = [];

    this.publish();
  }

  get = (): TraceSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Pairs a server frame with its request; a View's messages have ids of their own and are not paired. */
  private pair(frame: Frame): void {
    if (isViewFrame(frame)) return;
    this.pairs.add(frame);
    this.rounds.add(frame);
  }

  private noteMethod(frame: Frame): void {
    const method = (frame.message as { method?: unknown } | undefined)?.method;
    if (typeof method === 'string' && !this.methodSet.has(method)) {
      this.methodSet.add(method);
      this.methodList = [...this.methodSet].sort();
    }
  }

  private publish(): void {
    this.snapshot = { frames: this.frames, version: this.snapshot.version + 1 };
    for (const listener of this.listeners) listener();
  }
}

/** True for a message between the page and an MCP App's View (not a frame of the server connection). */
export function isViewFrame(frame: Frame): boolean {
  return frame.direction === 'to-view' || frame.direction === 'from-view';
}
