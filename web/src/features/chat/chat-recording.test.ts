import { describe, expect, it } from 'vitest';
import type { TimedBridgeEvent } from '#shared/bridge-protocol.ts';
import type { TranscriptItem, TurnRecord } from './transcript.ts';
import { chatFromLog, chatTurnNote } from './chat-recording.ts';

const turn: TurnRecord = {
  id: 3,
  prompt: 'weather?',
  model: 'gpt-x',
  steps: [
    {
      exchanges: [
        { request: { url: 'u', method: 'POST', headers: { authorization: 'Bearer ••••' }, body: '{}' } },
      ],
      usage: { inputTokens: 10, outputTokens: 2 },
      latencyMs: 5,
      finishReason: 'stop',
    },
  ],
};
const items: TranscriptItem[] = [
  { kind: 'user', id: 1, text: 'earlier turn', turn: 1 },
  { kind: 'user', id: 2, text: 'weather?', turn: 3 },
  {
    kind: 'tool-call',
    id: 4,
    call: { toolCallId: 'c1', toolName: 'get_weather', input: { city: 'Lisbon' } },
    historyId: 7,
    state: 'done',
    sentBack: { type: 'text', value: 'sunny' },
  },
  { kind: 'assistant', id: 5, text: 'It is sunny.', streaming: false },
];

const event = (note: unknown): TimedBridgeEvent =>
  ({ time: 1, event: { kind: 'chat-turn', note } }) as TimedBridgeEvent;

describe('the chat in recordings', () => {
  it("notes a turn's own items, without history ids, and reads it back as the replay's transcript", () => {
    const note = chatTurnNote(items, turn, { system: 'Be brief' });
    expect(note.items).toHaveLength(3);
    expect(JSON.stringify(note)).not.toContain('historyId');
    const chat = chatFromLog([{ time: 0, event: { kind: 'stderr', line: 'x', time: 0 } }, event(note)]);
    expect(chat?.settings).toMatchObject({ model: 'gpt-x', system: 'Be brief' });
    expect(chat?.items.map((item) => item.kind)).toEqual(['user', 'tool-call', 'assistant']);
    expect(chat?.turns[0]?.steps[0]?.usage).toEqual({ inputTokens: 10, outputTokens: 2 });
  });

  it('numbers the items of several turns apart, and skips what it cannot read', () => {
    const first = chatTurnNote(items.slice(0, 1), { ...turn, id: 1, steps: [] }, { system: '' });
    const chat = chatFromLog([
      event(first),
      event({ model: 'gpt-x', items: [{ kind: 'user' }, { kind: 'bogus', text: 'x' }, 'text'], turn: 'no' }),
      event(chatTurnNote(items, turn, { system: '' })),
      event({
        model: 'gpt-x',
        items: [],
        turn: { id: 9, prompt: 'p', steps: [{ exchanges: [{ request: 1 }] }] },
      }),
    ]);
    expect(chat?.items.map((item) => item.id)).toEqual([1, 2, 3, 4]);
    expect(chat?.turns.map((t) => t.id)).toEqual([1, 3, 9]);
    expect(chat?.turns[2]?.steps[0]?.exchanges).toEqual([]);
  });

  it('finds no chat in a recording without chat turns', () => {
    expect(chatFromLog([{ time: 0, event: { kind: 'closed', reason: 'bye' } }])).toBeUndefined();
  });
});
