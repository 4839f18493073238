import type { TimedBridgeEvent } from '#shared/bridge-protocol.ts';
import { isRecord } from '#shared/untrusted-json.ts';
import type { ChatTurnNote } from '#shared/chat-protocol.ts';
import type { ChatSnapshot, TranscriptItem, TurnRecord } from './transcript.ts';

const ITEM_KINDS = new Set(['user', 'assistant', 'tool-call', 'notice']);

/**
 * The chat a recording holds, rebuilt from its `chat-turn` events (a share link's replay, live or
 * not); undefined when it holds none. What a recording holds came from a page and is read as
 * untrusted: items of unknown shape are skipped, never shown half-read.
 */
export function chatFromLog(log: TimedBridgeEvent[]): ChatSnapshot | undefined {
  const items: TranscriptItem[] = [];
  const turns: TurnRecord[] = [];
  let settings: ChatSnapshot['settings'] | undefined;
  for (const { event } of log) {
    if (event.kind !== 'chat-turn' || !isRecord(event.note)) continue;
    const note = event.note;
    settings = {
      provider: undefined,
      model: typeof note.model === 'string' ? note.model : undefined,
      system: typeof note.system === 'string' ? note.system : '',
      temperature: undefined,
    };
    for (const item of Array.isArray(note.items) ? note.items : []) {
      const read = readItem(item);
      // Renumbered: ids only need to be unique in this transcript.
      if (read) items.push({ ...read, id: items.length + 1 } as TranscriptItem);
    }
    const turn = readTurn(note.turn);
    if (turn) turns.push(note.trimmed ? { ...turn, steps: [] } : turn);
  }
  return settings ? { settings, items, turns } : undefined;
}

function readItem(value: unknown): TranscriptItem | undefined {
  if (!isRecord(value) || typeof value.kind !== 'string' || !ITEM_KINDS.has(value.kind)) return undefined;
  switch (value.kind) {
    case 'user':
      return typeof value.text === 'string' ? ({ ...value, streaming: false } as TranscriptItem) : undefined;
    case 'assistant':
      return typeof value.text === 'string' ? ({ ...value, streaming: false } as TranscriptItem) : undefined;
    case 'notice':
      return typeof value.text === 'string' && (value.tone === 'error' || value.tone === 'info')
        ? (value as TranscriptItem)
        : undefined;
    default: {
      const call = value.call;
      if (!isRecord(call) || typeof call.toolName !== 'string') return undefined;
      const state = value.state === 'done' || value.state === 'not-run' ? value.state : 'not-run';
      return { ...value, state } as TranscriptItem;
    }
  }
}

function readTurn(value: unknown): TurnRecord | undefined {
  if (!isRecord(value) || typeof value.id !== 'number' || typeof value.prompt !== 'string') return undefined;
  const steps = Array.isArray(value.steps) ? value.steps.filter(isRecord) : [];
  const clean = steps.map((step) => ({
    ...step,
    exchanges: Array.isArray(step.exchanges) ? step.exchanges.filter(isExchange) : [],
  }));
  return { ...value, model: String(value.model ?? ''), steps: clean } as TurnRecord;
}

function isExchange(value: unknown): boolean {
  return isRecord(value) && isRecord(value.request) && typeof value.request.body === 'string';
}

/**
 * The note of a finished turn for the connection's recording: the transcript items from the turn's
 * message on, and its provider requests. History ids are left out: a replay numbers its calls from the
 * recorded frames, so the call shows what went back to the model instead.
 */
export function chatTurnNote(
  items: TranscriptItem[],
  turn: TurnRecord,
  settings: { system: string },
): ChatTurnNote {
  const from = items.findIndex((item) => item.kind === 'user' && item.turn === turn.id);
  const kept = (from < 0 ? [] : items.slice(from)).map((item) => {
    if (item.kind !== 'tool-call') return item;
    const { historyId: _historyId, ...rest } = item;
    return rest;
  });
  return structuredClone({
    model: turn.model,
    ...(settings.system.trim() ? { system: settings.system } : {}),
    items: kept,
    turn,
  });
}
