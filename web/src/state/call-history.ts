import type { CallOutcome } from '../mcp/session-types.ts';
import { Store } from '../mcp/store.ts';

/** One tool call as the user made it (or denied it). */
export interface CallRecord {
  id: number;
  tool: string;
  /** Describes the server it went to (no secrets). */
  server: string;
  args: unknown;
  startedAt: number;
  /** Undefined while the call runs. */
  outcome: CallOutcome | undefined;
  /** The tool's outputSchema when it was called, so a later tools/list cannot change how this result is checked. */
  outputSchema?: unknown;
}

export interface CallHistoryState {
  calls: CallRecord[];
  /** The call whose result is on screen. */
  selectedId: number | undefined;
  /** Calls picked for "Compare": at most two, the newest pick replacing the older one. */
  comparePicks: number[];
}

/** Most calls kept; the oldest go first. */
const MAX_CALLS = 500;

/** Every call of this page, newest last, and which one is shown. */
export class CallHistory extends Store<CallHistoryState> {
  private nextId = 1;

  constructor() {
    super({ calls: [], selectedId: undefined, comparePicks: [] });
  }

  /** Records a call that is starting and selects it; returns its id. */
  start(tool: string, server: string, args: unknown, outputSchema?: unknown): number {
    const record: CallRecord = {
      id: this.nextId++,
      tool,
      server,
      args,
      startedAt: Date.now(),
      outcome: undefined,
      ...(outputSchema !== undefined ? { outputSchema } : {}),
    };

    this.update((state) => ({
      calls: [...state.calls.slice(-(MAX_CALLS - 1)), record],
      selectedId: record.id,
    }));
    return record.id;
  }

  /** Records how a call ended. */
  finish(id: number, outcome: CallOutcome): void {
    this.update((state) => ({
      calls: state.calls.map((call) => (call.id === id ? { ...call, outcome } : call)),
    }));
  }

  /** Records a call the user denied in the approval dialog (nothing was sent). */
  addDenied(tool: string, server: string, args: unknown): number {
    const id = this.start(tool, server, args);
    this.finish(id, { status: 'denied', durationMs: 0 });
    return id;
  }

  /** Replaces the history with recorded calls (for replays). */
  load(calls: CallRecord[]): void {
    this.nextId = highestId(calls) + 1;
    this.update({ calls, selectedId: calls.at(-1)?.id, comparePicks: [] });
  }

  /**
   * Replaces the calls of a live replay as new ones arrive: the newest call is shown when the
   * viewer was on the newest (or on none), else the viewer's choice stays.
   */
  follow(calls: CallRecord[]): void {
    const { calls: before, selectedId } = this.get();
    const onNewest = selectedId === undefined || selectedId === before.at(-1)?.id;
    this.nextId = highestId(calls) + 1;
    this.update({ calls, selectedId: onNewest ? calls.at(-1)?.id : selectedId });
  }

  /** Picks a call for "Compare", or unpicks it. */
  togglePick(id: number): void {
    this.update(({ comparePicks: ids }) => ({
      comparePicks: ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id].slice(-2),
    }));
  }

  clearPicks(): void {
    this.update({ comparePicks: [] });
  }

  select(id: number): void {
    this.update({ selectedId: id });
  }

  find(id: number): CallRecord | undefined {
    return this.get().calls.find((call) => call.id === id);
  }

  clear(): void {
    this.update({ calls: [], selectedId: undefined, comparePicks: [] });
  }
}

/** The largest id (a loop: spreading a long replay into Math.max overflows the stack). */
function highestId(calls: readonly CallRecord[]): number {
  let highest = 0;
  for (const call of calls) if (call.id > highest) highest = call.id;
  return highest;
}
