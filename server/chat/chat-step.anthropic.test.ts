import { afterEach, describe, expect, it } from 'vitest';
import type { ChatStepRequest } from '#shared/chat-protocol.ts';
import { startScriptedAnthropic, type ScriptedAnthropic } from '../../test/fixtures/scripted-anthropic.ts';
import type { ScriptedReply } from '../../test/fixtures/scripted-openai.ts';
import { ECHO_TWICE_WITH_DENIAL } from '../../test/fixtures/chat-echo-twice.ts';
import { stepEvents, textOf } from '../../test/support/chat-step-events.ts';
import { describeProvider, type ChatProvider } from './chat-providers.ts';

const KEY = 'sk-ant-test-SECRET-998877';
let endpoint: ScriptedAnthropic | undefined;
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

async function start(script: (body: Record<string, unknown>) => ScriptedReply): Promise<ChatProvider> {
  endpoint = await startScriptedAnthropic({ key: KEY, models: ['claude-a', 'claude-b'], script });
  return { id: 'anthropic', label: 'Anthropic', kind: 'anthropic', baseUrl: endpoint.baseUrl, key: KEY };
}

async function step(provider: ChatProvider, overrides: Partial<ChatStepRequest> = {}, key = KEY) {
  return stepEvents(provider, key, {
    page: 'p',
    provider: 'anthropic',
    model: 'claude-a',
    messages: [{ role: 'user', text: 'hi' }],
    tools: [{ name: 'echo', description: 'Echo', inputSchema: { type: 'object', properties: {} } }],
    ...overrides,
  });
}

describe('the Anthropic adapter against a scripted Messages endpoint', () => {
  it('lists the models with the key in x-api-key', async () => {
    const provider = await start(() => ({ text: 'x' }));
    const info = await describeProvider(provider, undefined);
    expect(info.models).toEqual(['claude-a', 'claude-b']);
    expect(endpoint!.received[0]?.apiKey).toBe(KEY);
  });

  it('streams text, reassembles a tool call split in input_json_delta pieces, reports usage, masks the key', async () => {
    const provider = await start(() => ({
      text: 'Calling echo now',
      toolCalls: [{ id: 'toolu_1', name: 'echo', arguments: '{"message":"split me up"}' }],
      chunkSize: 3,
    }));
    const events = await step(provider);
    expect(textOf(events)).toBe('Calling echo now');
    expect(events.filter((e) => e.type === 'tool-call')).toEqual([
      {
        type: 'tool-call',
        call: { toolCallId: 'toolu_1', toolName: 'echo', input: { message: 'split me up' } },
      },
    ]);
    const finish = events.at(-1);
    expect(finish).toMatchObject({ type: 'finish', finishReason: 'tool-calls', usage: { inputTokens: 13 } });
    if (finish?.type !== 'finish') return;
    expect(finish.exchanges[0]?.request.headers['x-api-key']).toBe('••••');
    expect(JSON.parse(finish.exchanges[0]!.request.body)).toMatchObject({
      model: 'claude-a',
      tools: [{ name: 'echo', description: 'Echo', input_schema: { type: 'object', properties: {} } }],
    });
    expect(JSON.stringify(events)).not.toContain(KEY);
  });

  it('sends a result and a denial back as tool_result blocks, the denial marked as an error', async () => {
    let seen: unknown;
    const provider = await start((body) => {
      seen = body.messages;
      return { text: 'ok' };
    });
    await step(provider, { messages: ECHO_TWICE_WITH_DENIAL });
    const messages = seen as { role: string; content: Record<string, unknown>[] }[];
    expect(messages[2]?.role).toBe('user');
    expect(messages[2]?.content).toEqual([
      expect.objectContaining({ type: 'tool_result', tool_use_id: 'c1', content: 'Echo: a' }),
      expect.objectContaining({
        type: 'tool_result',
        tool_use_id: 'c2',
        content: 'Denied by the user',
        is_error: true,
      }),
    ]);
  });

  it('says the key was refused on a 401', async () => {
    const provider = await start(() => ({ text: 'never' }));
    const events = await step(provider, {}, 'sk-ant-wrong-123456');
    expect(events).toEqual([
      expect.objectContaining({
        type: 'error',
        message: expect.stringMatching(/refused the key \(401\): invalid x-api-key/),
      }),
    ]);
  });
});
