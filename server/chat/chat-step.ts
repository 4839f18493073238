import { jsonSchema, streamText, tool, type ModelMessage, type ToolSet, type LanguageModel } from 'ai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createAnthropic } from '@ai-sdk/anthropic';
import type { ChatMessage, ChatStepEvent, ChatStepRequest, ChatToolSpec } from '#shared/chat-protocol.ts';
import { ExchangeCapture } from './exchange-capture.ts';
import { errorMessageOf, locationOf, type ChatProvider } from './chat-providers.ts';

/**
 * Runs one model step: sends the conversation and the offered tools to the provider, streams the answer
 * as events, and stops at the model's tool calls (they run in the page, through its call runner, and come
 * back with the next step). Every failure becomes an `error` event with a clear message; never a throw.
 */
export async function runChatStep(
  provider: ChatProvider,
  key: string | undefined,
  step: ChatStepRequest,
  emit: (event: ChatStepEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const capture = new ExchangeCapture(key ? [key] : [], provider.fetch, locationOf(provider));
  const started = performance.now();
  let failed: string | undefined;
  try {
    const result = streamText({
      model: languageModel(provider, key, step.model, capture.fetch),
      ...(step.system ? { system: step.system } : {}),
      ...(step.temperature !== undefined ? { temperature: step.temperature } : {}),
      messages: toModelMessages(step.messages),
      ...(step.tools.length ? { tools: toToolSet(step.tools) } : {}),
      maxRetries: 0,
      // Failures come through the stream as error parts; the library's own console logging is not wanted.
      onError: () => {},
      abortSignal: signal,
    });
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') emit({ type: 'text', delta: part.text });
      else if (part.type === 'tool-call')
        emit({
          type: 'tool-call',
          call: {
            toolCallId: part.toolCallId,
            toolName: part.toolName,
            input: part.input,
            ...(part.invalid ? { invalid: describeInvalidCall(part.error, part.toolName) } : {}),
          },
        });
      else if (part.type === 'error') failed = describeProviderError(part.error, provider);
      else if (part.type === 'abort') failed = 'Stopped.';
      else if (part.type === 'finish' && !failed)
        emit({
          type: 'finish',
          finishReason: part.finishReason,
          usage: { inputTokens: part.totalUsage.inputTokens, outputTokens: part.totalUsage.outputTokens },
          latencyMs: Math.round(performance.now() - started),
          exchanges: await capture.settled(),
        });
    }
  } catch (error) {
    failed = describeProviderError(error, provider);
  }
  if (failed) emit({ type: 'error', message: capture.mask(failed), exchanges: await capture.settled() });
}

function languageModel(
  provider: ChatProvider,
  key: string | undefined,
  model: string,
  fetch: typeof globalThis.fetch,
): LanguageModel {
  if (provider.kind === 'anthropic')
    return createAnthropic({ baseURL: provider.baseUrl, apiKey: key ?? '', fetch })(model);
  return createOpenAICompatible({
    name: provider.id,
    baseURL: provider.baseUrl,
    ...(key ? { apiKey: key } : {}),
    includeUsage: true,
    fetch,
  })(model);
}

/** The offered tools with the schemas the server declared; no `execute`, so the step ends at a call. */
function toToolSet(tools: ChatToolSpec[]): ToolSet {
  return Object.fromEntries(
    tools.map((spec) => [
      spec.name,
      tool({
        ...(spec.description ? { description: spec.description } : {}),
        inputSchema: jsonSchema(spec.inputSchema),
      }),
    ]),
  );
}

/** The page's conversation in the AI SDK's message shape. */
export function toModelMessages(messages: ChatMessage[]): ModelMessage[] {
  return messages.map((message): ModelMessage => {
    if (message.role === 'user') return { role: 'user', content: message.text };
    if (message.role === 'assistant')
      return {
        role: 'assistant',
        content: [
          ...(message.text ? [{ type: 'text' as const, text: message.text }] : []),
          ...message.toolCalls.map((call) => ({
            type: 'tool-call' as const,
            toolCallId: call.toolCallId,
            toolName: call.toolName,
            input: call.input,
          })),
        ],
      };
    return {
      role: 'tool',
      content: message.results.map((result) => ({
        type: 'tool-result' as const,
        toolCallId: result.toolCallId,
        toolName: result.toolName,
        output:
          result.output.type === 'json'
            ? { type: 'json' as const, value: result.output.value as never }
            : result.output,
      })),
    };
  });
}

function describeInvalidCall(error: unknown, toolName: string): string {
  const name = (error as { name?: string } | undefined)?.name ?? '';
  if (name.includes('NoSuchTool')) return `The model called "${toolName}", which is not an offered tool.`;
  if (name.includes('InvalidToolInput')) return `The model's arguments for "${toolName}" are not valid JSON.`;
  return `The model's call of "${toolName}" cannot be run: ${(error as Error | undefined)?.message ?? 'unknown reason'}`;
}

/** A provider failure in words an author can act on. */
export function describeProviderError(error: unknown, provider: ChatProvider): string {
  const e = error as {
    name?: string;
    message?: string;
    statusCode?: number;
    responseBody?: string;
    cause?: { message?: string; code?: string };
  };
  if (e?.name === 'AbortError' || e?.name === 'ResponseAborted') return 'Stopped.';
  if (typeof e?.statusCode === 'number' && e.statusCode < 300)
    return `The answer from ${provider.label} stopped mid-way (${e.cause?.message ?? e.message ?? 'connection closed'}). What arrived is kept above.`;
  if (typeof e?.statusCode === 'number') {
    const said = e.responseBody ? errorMessageOf(e.responseBody) : (e.message ?? '');
    if (e.statusCode === 401 || e.statusCode === 403)
      return `${provider.label} refused the key (${e.statusCode}): ${said}`;
    if (/tool/i.test(said))
      return `${provider.label} answered ${e.statusCode}: ${said} (the model may not support tools: offer none and try again)`;
    return `${provider.label} answered ${e.statusCode}: ${said}`;
  }
  const message = e?.message ?? String(error);
  if (/Cannot connect|fetch failed|ECONNREFUSED|ENOTFOUND/i.test(message + (e?.cause?.message ?? '')))
    // The cause's message names the address it tried: only its code when the address is the admin's.
    return provider.hideBaseUrl
      ? `Cannot reach ${provider.label}: ${e?.cause?.code ?? 'no answer'}`
      : `Cannot reach ${provider.baseUrl}: ${e?.cause?.message ?? e?.cause?.code ?? message}`;
  if (/terminated|socket|premature|aborted/i.test(message + (e?.cause?.message ?? '')))
    return `The answer from ${provider.label} stopped mid-way (${message}). What arrived is kept above.`;
  return `${provider.label}: ${message}`;
}
