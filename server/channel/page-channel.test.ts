import { describe, expect, it, vi } from 'vitest';
import { RELAY_ERROR_CODE, parseClientMessages, type BridgeToClient } from '#shared/bridge-protocol.ts';
import { MAX_CHAT_NOTE_BYTES } from '#shared/chat-protocol.ts';
import type { HttpTarget } from '#shared/targets.ts';
import type { AdmittedConnection, ChannelPolicy } from './channel-policy.ts';
import { PageChannel } from './page-channel.ts';
import { IdleTimer } from './idle-timer.ts';

/** Nothing listens there; a Streamable HTTP upstream starts without a request, so connects succeed. */
const target: HttpTarget = { transport: 'http', url: 'http://127.0.0.1:9/mcp' };

function setup(policy: ChannelPolicy) {
  const sent: BridgeToClient[] = [];
  const channel = new PageChannel((message) => sent.push(message), undefined, { owner: 'alice', policy });
  return { channel, sent };
}

function admitting(extra: Partial<AdmittedConnection> = {}) {
  const connection = { target, ended: vi.fn(), opened: vi.fn(), ...extra };
  const policy: ChannelPolicy = { admit: vi.fn(() => ({ ok: true as const, connection })) };
  return { connection, policy };
}

describe('PageChannel with a policy', () => {
  it('opens what the policy admits, tells it when the connection opened and, once, when it ended', async () => {
    const { connection, policy } = admitting();
    const { channel, sent } = setup(policy);
    await channel.handle({ type: 'connect', catalog: { server: 'remote' } });
    expect(policy.admit).toHaveBeenCalledWith({ type: 'connect', catalog: { server: 'remote' } }, channel.id);
    expect(sent.at(-1)).toEqual({ type: 'ready', channelId: channel.id });
    expect(connection.opened).toHaveBeenCalledTimes(1);
    expect(channel.currentTarget).toBe(target);
    await channel.handle({ type: 'disconnect' });
    await channel.close();
    expect(connection.ended).toHaveBeenCalledTimes(1);
  });

  it('says why it ends a connection itself, marked as the reason it closed', async () => {
    const { connection, policy } = admitting();
    const { channel, sent } = setup(policy);
    await channel.handle({ type: 'connect', target });
    await channel.disconnect('An admin ended this connection.');
    expect(sent).toContainEqual(
      expect.objectContaining({
        type: 'event',
        event: { kind: 'error', message: 'An admin ended this connection.', ends: true },
      }),
    );
    expect(connection.ended).toHaveBeenCalledTimes(1);
    await channel.close();
  });

  it('answers a refused connect with failed, the limit included', async () => {
    const { channel, sent } = setup({
      admit: () => ({ ok: false, error: 'Limit reached', limit: { limit: 'connectionsPerUser', value: 1 } }),
    });
    await channel.handle({ type: 'connect', target });
    expect(sent).toEqual([
      { type: 'failed', error: 'Limit reached', limit: { limit: 'connectionsPerUser', value: 1 } },
    ]);
  });

  it('gives up a connect overtaken while it was being admitted, and frees what it held', async () => {
    let admit: () => void = () => {};
    const { connection } = admitting();
    const policy: ChannelPolicy = {
      admit: () => new Promise((resolve) => (admit = () => resolve({ ok: true, connection }))),
    };
    const { channel, sent } = setup(policy);
    const connecting = channel.handle({ type: 'connect', target });
    await new Promise((resolve) => setImmediate(resolve));
    await channel.handle({ type: 'disconnect' });
    admit();
    await connecting;
    expect(connection.ended).toHaveBeenCalledWith('Connection replaced');
    expect(channel.currentUpstream).toBeUndefined();
    expect(sent.filter((message) => message.type === 'ready')).toEqual([]);
  });

  it('answers a screened request itself: the page gets its acknowledgement and a synthetic JSON-RPC error', async () => {
    const { policy } = admitting();
    policy.screen = (message) =>
      'method' in message && message.method === 'tools/call'
        ? { message: 'Limit reached: slow down', data: { limit: 'toolCallsPerMinute', value: 1 } }
        : undefined;
    const { channel, sent } = setup(policy);
    await channel.handle({ type: 'connect', target });
    sent.length = 0;
    await channel.handle({
      type: 'send',
      message: { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'x' } },
    });
    expect(sent).toEqual([
      { type: 'frame', frame: expect.objectContaining({ seq: 0, direction: 'out' }) },
      {
        type: 'frame',
        frame: expect.objectContaining({
          seq: 1,
          direction: 'in',
          synthetic: true,
          message: {
            jsonrpc: '2.0',
            id: 7,
            error: {
              code: RELAY_ERROR_CODE,
              message: 'Bridge: Limit reached: slow down',
              data: { limit: 'toolCallsPerMinute', value: 1 },
            },
          },
        }),
      },
    ]);
    expect((sent[0] as { frame: { message?: unknown } }).frame.message).toBeUndefined();
    await channel.close();
  });

  it('refuses a catalog connect when no policy knows a catalog (single-user mode)', async () => {
    const sent: BridgeToClient[] = [];
    const channel = new PageChannel((message) => sent.push(message));
    await channel.handle({ type: 'connect', catalog: { server: 'x' } });
    expect(sent).toEqual([
      { type: 'failed', error: 'This bridge has no server catalog: name a command or URL instead.' },
    ]);
  });
});

describe('IdleTimer', () => {
  it('fires after the quiet period, not while something is busy, and not after touches', () => {
    vi.useFakeTimers();
    try {
      let busy = false;
      const idle = vi.fn();
      const timer = new IdleTimer(1000, () => busy, idle);
      timer.touch();
      vi.advanceTimersByTime(600);
      timer.touch();
      vi.advanceTimersByTime(600);
      expect(idle).not.toHaveBeenCalled();
      busy = true;
      vi.advanceTimersByTime(1000);
      expect(idle).not.toHaveBeenCalled();
      busy = false;
      vi.advanceTimersByTime(1000);
      expect(idle).toHaveBeenCalledTimes(1);
      timer.touch();
      timer.stop();
      vi.advanceTimersByTime(5000);
      expect(idle).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('PageChannel and chat turns', () => {
  /** A recordings stand-in that keeps what the channel hands its writer. */
  function recordingChannel() {
    const events: { event: { kind: string; note?: unknown } }[] = [];
    const writer = {
      id: 'rec-1',
      isLive: true,
      isStored: true,
      addEvent: (entry: { event: { kind: string } }) => events.push(entry),
      addFrame: () => {},
      end: () => {},
      discard: () => {},
    };
    const recordings = { prepare: () => writer, commit: () => {} } as unknown as ConstructorParameters<
      typeof PageChannel
    >[1];
    const sent: BridgeToClient[] = [];
    const { policy } = admitting();
    const channel = new PageChannel((message) => sent.push(message), recordings, { policy });
    return { channel, events, sent };
  }

  it('keeps a chat turn in the recording, sends nothing back, and drops the bodies of a huge one', async () => {
    const { channel, events, sent } = recordingChannel();
    // Before a connection there is no recording: the note goes nowhere and nothing fails.
    await channel.handle({ type: 'chat-turn', note: { model: 'm', items: [], turn: {} } });
    expect(events).toHaveLength(0);
    await channel.handle({ type: 'connect', catalog: { server: 'remote' } });
    const before = sent.length;
    const note = { model: 'gpt', items: [{ kind: 'user', id: 1, text: 'hi', turn: 1 }], turn: { id: 1 } };
    await channel.handle({ type: 'chat-turn', note });
    expect(events.at(-1)?.event).toEqual({ kind: 'chat-turn', note });
    expect(sent.length).toBe(before);

    const body = 'x'.repeat(MAX_CHAT_NOTE_BYTES);
    const huge = {
      model: 'gpt',
      items: [],
      turn: { id: 2, prompt: 'p', steps: [{ exchanges: [{ body }] }] },
    };
    await channel.handle({ type: 'chat-turn', note: huge });
    expect(events.at(-1)?.event).toEqual({
      kind: 'chat-turn',
      note: { model: 'gpt', items: [], turn: { id: 2, prompt: 'p', steps: [] }, trimmed: true },
    });
    await channel.close();
  });

  it('reads a chat-turn message from the page, and refuses one without a note', () => {
    const [ok] = parseClientMessages(
      JSON.stringify({ type: 'chat-turn', note: { model: 'm', items: [], turn: {} } }),
    );
    expect(ok?.type).toBe('chat-turn');
    const [bad] = parseClientMessages(JSON.stringify({ type: 'chat-turn' }));
    expect(bad?.type).toBe('refused');
  });
});
