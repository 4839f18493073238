import type { CallOutcome } from '#client/session/session-types.ts';
import { Store } from '#client/lib/store.ts';
import type { TaskParams } from '#client/tasks/task-decision.ts';

/**
 * Who asked for a call. Every call is one model whatever its origin: the same approval, runner,
 * history and trace; only the mark differs ("user": the Call button, a saved request or a shortcut;
 * "view": an MCP App's View; "model": a model in the chat playground).
 */
export type CallOrigin = 'user' | 'view' | 'model';

/**
 * The request a call made. A tool call is one kind; reading a resource and getting a prompt are calls too,
 * kept, shown, recorded and replayed the same way.
 */
export type CallMethod = 'tools/call' | 'resources/read' | 'prompts/get';

/** One call as the user (or a model, or a View) made it, or denied it. */
export interface CallEntry {
  id: number;
  /** The request made; absent for tools/call (so entries kept before reads and gets were calls still read). */
  method?: Exclude<CallMethod, 'tools/call'>;
  /** Who asked for the call; absent means the user. */
  origin?: CallOrigin;
  /** For a View's call: the tool whose View asked (its name), shown in the History row's "View" mark. */
  viewOf?: string;
  /**
   * What was called, as text: the tool's name (its JSON when the server sent a name that is not a string); for
   * a resources/read the resource's URI, for a prompts/get the prompt's name.
   */
  tool: string;
  /** Describes the server it went to (no secrets). */
  server: string;
  /** The tool's arguments; a prompt's arguments; for a resource read from a template, its variables. */
  args: unknown;
  startedAt: number;
  /** Undefined while the call runs. */
  outcome: CallOutcome | undefined;
  /** The tool's outputSchema when it was called, so a later tools/list cannot change how this result is checked. */
  outputSchema?: unknown;
  /** Which of the listed tools it was (see client/tools/tool-identity.ts): tells tools with the same name apart. */
  toolKey?: string;
  /** The name shown for the tool when it was called (title, annotations.title, name). */
  displayName?: string;
  /** The `task` parameter sent: the call was task-augmented. */
  task?: TaskParams;
  /** The call broke the spec's task rule for this tool on purpose. */
  taskForced?: boolean;
  /** The protocol revision negotiated when the call was made; results are judged by its rules. */
  revision?: string;
  /** The task the server created for a task-augmented call, with the `_meta` of that answer. */
  createdTask?: { taskId: string; meta?: unknown };
  /**
   * For a model's call: its arguments as the model streamed them, partial JSON made whole, step by step. The
   * call's MCP App View gets them as `tool-input-partial` (after the user approved the call).
   */
  partialInputs?: Record<string, unknown>[];
  /** The call answered, but its structuredContent breaks its outputSchema (set once the result was checked). */
  outputInvalid?: boolean;
  /** Made before the page was reloaded (see kept-history.ts): shown as from the previous connection. */
  restored?: boolean;
}

/** What is known about a call as it starts. */
export type NewCall = Omit<CallEntry, 'id' | 'startedAt' | 'outcome'>;

export interface CallHistoryState {
  calls: CallEntry[];
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

  /** Adds a call that is starting and selects it; returns its id. Absent details stay absent. */
  start(call: NewCall): number {
    const entry = callEntry(call, this.nextId++, Date.now());

    this.update((state) => ({
      calls: [...state.calls.slice(-(MAX_CALLS - 1)), entry],
      // A View's own call does not take the result panel away from the View that made it.
      selectedId: entry.origin === 'view' ? state.selectedId : entry.id,
    }));
    return entry.id;
  }

  /** Sets how a call ended. */
  finish(id: number, outcome: CallOutcome): void {
    this.update((state) => ({
      calls: state.calls.map((call) => (call.id === id ? { ...call, outcome } : call)),
    }));
  }

  /** Adds details learned while the call runs (the task the server created). */
  amend(id: number, patch: Partial<NewCall>): void {
    this.update((state) => ({
      calls: state.calls.map((call) => (call.id === id ? { ...call, ...patch } : call)),
    }));
  }

  /** Adds a call the user denied in the approval dialog (nothing was sent). */
  addDenied(call: NewCall): number {
    const { outputSchema: _unused, ...details } = call;
    const id = this.start(details);
    this.finish(id, { status: 'denied', durationMs: 0 });
    return id;
  }

  /** Replaces the history with a replay's calls. */
  load(calls: CallEntry[]): void {
    this.nextId = highestId(calls) + 1;
    this.update({ calls, selectedId: newestShown(calls)?.id, comparePicks: [] });
  }

  /**
   * Replaces the calls of a live replay as new ones arrive: the newest call is shown when the
   * viewer was on the newest (or on none), else the viewer's choice stays.
   */
  follow(calls: CallEntry[]): void {
    const { calls: before, selectedId } = this.get();
    const onNewest = selectedId === undefined || selectedId === newestShown(before)?.id;
    this.nextId = highestId(calls) + 1;
    this.update({ calls, selectedId: onNewest ? newestShown(calls)?.id : selectedId });
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

  select(id: number | undefined): void {
    this.update({ selectedId: id });
  }

  find(id: number): CallEntry | undefined {
    return this.get().calls.find((call) => call.id === id);
  }

  clear(): void {
    this.update({ calls: [], selectedId: undefined, comparePicks: [] });
  }
}

/**
 * The history entry of a call that starts: absent details stay absent. The history's and a replay's
 * entries are made here (see call-details.ts for the details themselves).
 */
export function callEntry(call: NewCall, id: number, startedAt: number): CallEntry {
  const details = Object.fromEntries(Object.entries(call).filter(([, value]) => value !== undefined));
  return { ...details, id, startedAt, outcome: undefined } as CallEntry;
}

/** The largest id (a loop: spreading a long replay into Math.max overflows the stack). */
function highestId(calls: readonly CallEntry[]): number {
  let highest = 0;
  for (const call of calls) if (call.id > highest) highest = call.id;
  return highest;
}

/** The call a replay shows: the newest, unless a View asked for it (the View that asked stays on screen, as live). */
function newestShown(calls: readonly CallEntry[]): CallEntry | undefined {
  return calls.findLast((call) => call.origin !== 'view') ?? calls.at(-1);
}

/** The request a call made (entries without a method are tool calls). */
export function methodOf(call: Pick<CallEntry, 'method'>): CallMethod {
  return call.method ?? 'tools/call';
}

/** Whether the entry is a tools/call (not a resource read or a prompt get). */
export function isToolCall(call: Pick<CallEntry, 'method'>): boolean {
  return call.method === undefined;
}

/**
 * The tool call the Result shows: the selected entry when it is a tool call; when a resource read or a prompt
 * get is selected (they show on their own stages), the newest call of the open tool, if any.
 */
export function shownToolCall(
  state: Pick<CallHistoryState, 'calls' | 'selectedId'>,
  toolKey: string | undefined,
): CallEntry | undefined {
  const selected = state.calls.find((call) => call.id === state.selectedId);
  if (!selected || isToolCall(selected)) return selected;
  return toolKey === undefined
    ? undefined
    : state.calls.findLast((call) => isToolCall(call) && call.toolKey === toolKey);
}
