import { describeTarget } from '#shared/targets.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import type { CallEntry, CallHistory } from './call-history.ts';
import type { Workspace } from './workspace.ts';

/**
 * The history and the selected tool survive a reload of the page, as in Postman. They are kept
 * in sessionStorage: this tab only, gone with it, and only for the same bridge and the same server. What is kept is
 * the history's own entries, so a reload restores the same model live calls use. Nothing secret is in an entry (its
 * server is described without header or environment values); results over {@link MAX_KEPT_RESULT} characters are
 * replaced by a line that says so.
 */

/** Calls kept, newest first; older ones are dropped. */
export const MAX_KEPT_CALLS = 100;
/** Longest result (as JSON text) kept whole. */
export const MAX_KEPT_RESULT = 64 * 1024;
/** The most the kept history may take in sessionStorage, as JSON text. */
const MAX_KEPT_TOTAL = 1_000_000;
const KEY = 'toolscope.history';

/** What sessionStorage holds. */
interface KeptHistory {
  version: 1;
  /** Tells bridges apart (a hash of the page's token, never the token). */
  bridge: string;
  /** The server the calls went to, as `describeTarget` writes it. */
  server: string;
  calls: CallEntry[];
  selectedId?: number;
  selectedTool?: string;
}

/** Where it is kept: sessionStorage in the page, a fake in tests. */
export type KeptStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Restores the kept history once the session names its server (on the first connect after a reload), then keeps
 * it up to date. `bridge` identifies the bridge that served the page. Returns the unsubscribe.
 */
export function keepHistory(
  parts: { session: McpSession; history: CallHistory; workspace: Workspace },
  bridge: string,
  storage: KeptStorage | undefined = globalThis.sessionStorage,
): () => void {
  const { session, history, workspace } = parts;
  if (!storage) return () => {};
  const bridgeId = hashText(bridge);
  let server: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const restore = () => {
    const kept = read(storage);
    if (!kept || kept.bridge !== bridgeId || kept.server !== server) return;
    if (history.get().calls.length > 0) return; // Calls made before the connect win.
    history.load(kept.calls.map((call) => ({ ...call, restored: true })));
    // The tool first: selecting it shows its own last result, and the kept selection then has the last word.
    // A permalink's tool was chosen on purpose for this load: it stays.
    if (kept.selectedTool && workspace.get().selectedTool === undefined)
      workspace.selectTool(kept.selectedTool);
    if (kept.selectedId !== undefined && history.find(kept.selectedId)) history.select(kept.selectedId);
  };
  const save = () => {
    timer = undefined;
    if (server === undefined) return;
    const { calls, selectedId } = history.get();
    write(storage, {
      version: 1,
      bridge: bridgeId,
      server,
      calls: keptCalls(calls),
      selectedId,
      selectedTool: workspace.get().selectedTool,
    });
  };
  // One write per burst of changes (a call's start, amends and end come close together).
  const schedule = () => {
    timer ??= setTimeout(save, 100);
  };

  const stops = [
    session.state.subscribe(() => {
      const target = session.state.get().target;
      if (!target || server !== undefined) return;
      server = describeTarget(target);
      restore();
    }),
    history.subscribe(schedule),
    workspace.subscribe(schedule),
  ];
  return () => {
    stops.forEach((stop) => stop());
    if (timer) clearTimeout(timer);
  };
}

/** The finished calls worth keeping, newest last: big results replaced by a note, within the total size. */
export function keptCalls(calls: readonly CallEntry[]): CallEntry[] {
  const kept: CallEntry[] = [];
  let total = 0;
  for (let i = calls.length - 1; i >= 0 && kept.length < MAX_KEPT_CALLS; i--) {
    const call = calls[i]!;
    if (!call.outcome) continue; // A call still running has no end to show after the reload.
    const slim = slimCall(call);
    const size = JSON.stringify(slim).length;
    if (total + size > MAX_KEPT_TOTAL) break;
    total += size;
    kept.push(slim);
  }
  return kept.reverse();
}

function slimCall(call: CallEntry): CallEntry {
  const result = call.outcome?.result;
  if (!result || JSON.stringify(result).length <= MAX_KEPT_RESULT) return call;
  const size = Math.round(JSON.stringify(result).length / 1024);
  return {
    ...call,
    // Without the result, its outputSchema would flag a missing structuredContent that the server did send (null
    // survives JSON, and means "no schema" to the output check).
    outputSchema: null,
    outcome: {
      ...call.outcome!,
      result: {
        content: [
          {
            type: 'text',
            text: `Toolscope did not keep this result across the reload (${size} KB). Re-run the call to see it again.`,
          },
        ],
      },
    },
  };
}

function read(storage: KeptStorage): KeptHistory | undefined {
  try {
    const kept = JSON.parse(storage.getItem(KEY) ?? 'null') as KeptHistory | null;
    return kept?.version === 1 && Array.isArray(kept.calls) ? kept : undefined;
  } catch {
    return undefined;
  }
}

function write(storage: KeptStorage, kept: KeptHistory): void {
  try {
    storage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage full or blocked: the history still lives in this page.
  }
}

/** FNV-1a, as hex: enough to tell two bridges' tokens apart without keeping either. */
function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16);
}
