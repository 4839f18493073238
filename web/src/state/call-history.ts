import type { CallOutcome } from '../mcp/session-types.ts';
import type { McpSession, CallOptions } from '../mcp/mcp-session.ts';
import { Store } from '../mcp/store.ts';

/** One tool call as the user made it. */
export interface CallRecord {
  id: number;
  tool: string;
  args: unknown;
  startedAt: number;
  /** Undefined while the call runs. */
  outcome: CallOutcome | undefined;
}

export interface CallHistoryState {
  calls: CallRecord[];
  /** The call whose result is on screen. */
  selectedId: number | undefined;
}

/** The calls of this page, newest last, and which one is shown. */
export class CallHistory extends Store<CallHistoryState> {
  private nextId = 1;

  constructor(private readonly session: McpSession) {
    super({ calls: [], selectedId: undefined });
  }

  /** Runs a call through the session and records it; resolves with the finished record. */
  async run(tool: string, args: unknown, options: CallOptions = {}): Promise<CallRecord> {
    const record: CallRecord = { id: this.nextId++, tool, args, startedAt: Date.now(), outcome: undefined };
    this.update((state) => ({ calls: [...state.calls, record], selectedId: record.id }));
    const outcome = await this.session.callTool(tool, args, options);
    const done = { ...record, outcome };
    this.update((state) => ({ calls: state.calls.map((call) => (call.id === record.id ? done : call)) }));
    return done;
  }

  select(id: number): void {
    this.update({ selectedId: id });
  }
}
