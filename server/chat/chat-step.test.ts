import { afterEach, describe, expect, it } from 'vitest';
import type { ChatStepEvent, ChatStepRequest } from '#shared/chat-protocol.ts';
import {
  startScriptedOpenAi,
  type ScriptedOpenAi,
  type ScriptedReply,
} from '../../test/fixtures/scripted-openai.ts';
import { ECHO_TWICE_WITH_DENIAL } from '../../test/fixtures/chat-echo-twice.ts';
import { stepEvents, textOf } from '../../test/support/chat-step-events.ts';
import type { ChatProvider } from './chat-providers.ts';

const KEY = 'sk-test-SECRET-1234567890';
let endpoint: ScriptedOpenAi | undefined;
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

const echoTool = {
  name: 'echo',
  description: 'Echoes a message',
  inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
};

async function step(
  reply: ScriptedReply | ((body: Record<string, unknown>) => ScriptedReply),
  overrides: Partial<ChatStepRequest> = {},
  key = KEY,
): Promise<ChatStepEvent[]> {
  endpoint = await startScriptedOpenAi({
    key: KEY,
    script: typeof reply === 'function' ? reply : () => reply,
  });
  const provider: ChatProvider = {
    id: 'openai',
    label: 'Scripted',
    kind: 'openai-compatible',
    baseUrl: endpoint.baseUrl,
    key,
  };
  return stepEvents(provider, key, {
    page: 'p1',
    provider: 'openai',
    model: 'scripted-model',
    messages: [{ role: 'user', text: 'Say hi' }],
    tools: [echoTool],
    ...overrides,
  });
}

describe('runChatStep against a scripted OpenAI-compatible endpoint', () => {
  it('streams text in pieces and finishes with usage and the exact exchange, key masked', async () => {
    const events = await step({ text: 'Hello there, author!' });
    expect(events.filter((e) => e.type === 'text').length).toBeGreaterThan(2);
    expect(textOf(events)).toBe('Hello there, author!');
    const finish = events.at(-1);
    expect(finish?.type).toBe('finish');
    if (finish?.type !== 'finish') return;
    expect(finish.usage).toEqual({ inputTokens: 11, outputTokens: 7 });
    const [exchange] = finish.exchanges;
    expect(exchange?.request.url).toBe(`${endpoint!.baseUrl}/chat/completions`);
    expect(JSON.parse(exchange!.request.body)).toMatchObject({ model: 'scripted-model', stream: true });
    expect(exchange?.request.headers.authorization).toBe('Bearer ••••');
    expect(exchange?.response?.body).toContain('chat.completion.chunk');
    expect(JSON.stringify(events)).not.toContain(KEY);
    // The key did reach the provider.
    expect(endpoint!.received[0]?.authorization).toBe(`Bearer ${KEY}`);
  });

  it('sends a tool call’s arguments as they stream, partial JSON made whole, before the call itself', async () => {
    const events = await step({
      toolCalls: [{ id: 'call_1', name: 'echo', arguments: '{"message":"hello world","n":[1,2]}' }],
      chunkSize: 4,
    });
    const partials = events.flatMap((e) => (e.type === 'tool-input' ? [e] : []));
    expect(partials.length).toBeGreaterThan(2);
    expect(partials.every((e) => e.toolCallId === 'call_1')).toBe(true);
    expect(partials.some((e) => typeof e.input.message === 'string' && e.input.message.length < 11)).toBe(
      true,
    );
    expect(partials.at(-1)?.input).toEqual({ message: 'hello world', n: [1, 2] });
    // No two in a row are the same, and all come before the call.
    for (let i = 1; i < partials.length; i++) expect(partials[i]!.input).not.toEqual(partials[i - 1]!.input);
    const callAt = events.findIndex((e) => e.type === 'tool-call');
    expect(events.findLastIndex((e) => e.type === 'tool-input')).toBeLessThan(callAt);
  });

  it('sends the tools as the server declared them and reassembles tool calls split across chunks', async () => {
    const events = await step({
      toolCalls: [
        { id: 'call_1', name: 'echo', arguments: '{"message":"hello world"}' },
        { id: 'call_2', name: 'echo', arguments: '{"message":"again"}' },
      ],
      chunkSize: 3,
    });
    const calls = events.flatMap((e) => (e.type === 'tool-call' ? [e.call] : []));
    expect(calls).toEqual([
      { toolCallId: 'call_1', toolName: 'echo', input: { message: 'hello world' } },
      { toolCallId: 'call_2', toolName: 'echo', input: { message: 'again' } },
    ]);
    const sent = endpoint!.received[0]!.body.tools as { function: Record<string, unknown> }[];
    expect(sent[0]?.function).toMatchObject({
      name: 'echo',
      description: 'Echoes a message',
      parameters: echoTool.inputSchema,
    });
    expect(events.at(-1)).toMatchObject({ type: 'finish', finishReason: 'tool-calls' });
  });

  it('sends tool results and denials back as tool messages', async () => {
    let seen: unknown;
    await step(
      (body) => {
        seen = body.messages;
        return { text: 'ok' };
      },
      {
        messages: ECHO_TWICE_WITH_DENIAL,
      },
    );
    expect(seen).toEqual([
      { role: 'user', content: 'Echo twice' },
      expect.objectContaining({ role: 'assistant', tool_calls: expect.any(Array) }),
      { role: 'tool', tool_call_id: 'c1', content: 'Echo: a' },
      { role: 'tool', tool_call_id: 'c2', content: 'Denied by the user' },
    ]);
  });

  it('flags arguments that are not JSON and unknown tool names instead of failing the step', async () => {
    const events = await step({
      toolCalls: [
        { id: 'bad', name: 'echo', arguments: '{"message": oops' },
        { id: 'who', name: 'no_such_tool', arguments: '{}' },
      ],
    });
    const calls = events.flatMap((e) => (e.type === 'tool-call' ? [e.call] : []));
    expect(calls[0]?.invalid).toMatch(/not valid JSON/);
    expect(calls[1]?.invalid).toMatch(/not an offered tool/);
  });

  it('works without streaming support problems: a 401 is a clear error with the key masked', async () => {
    const events = await step({ text: 'never' }, {}, 'sk-wrong-key-abcdef');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'error',
      message: expect.stringMatching(/refused the key \(401\)/),
    });
    expect(JSON.stringify(events)).not.toContain('sk-wrong-key-abcdef');
  });

  it('says when the model does not support tools', async () => {
    const events = await step({ error: { status: 400, message: 'This model does not support tools' } });
    expect(events[0]).toMatchObject({
      type: 'error',
      message: expect.stringMatching(/may not support tools/),
    });
  });

  it('keeps what arrived when the stream is cut mid-way, and says so', async () => {
    const events = await step({ text: 'This answer will be cut short', cutAfterChunks: 3 });
    expect(textOf(events).length).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ type: 'error', message: expect.stringMatching(/stopped mid-way/) });
  });

  it('says when the endpoint cannot be reached', async () => {
    const events = await stepEvents(
      {
        id: 'openai',
        label: 'Nowhere',
        kind: 'openai-compatible',
        baseUrl: 'http://127.0.0.1:1/v1',
        key: KEY,
      },
      KEY,
      { page: 'p', provider: 'openai', model: 'm', messages: [{ role: 'user', text: 'hi' }], tools: [] },
    );
    expect(events).toEqual([
      expect.objectContaining({
        type: 'error',
        message: expect.stringMatching(/Cannot reach http:\/\/127\.0\.0\.1:1\/v1/),
      }),
    ]);
  });
});
