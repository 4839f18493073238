import type { ChatStepEvent, ChatToolCall, ChatToolSpec } from '#shared/chat-protocol.ts';
import type { ChatProvider } from '../../server/chat/chat-providers.ts';
import { runChatStep } from '../../server/chat/chat-step.ts';
import type { ModelStepper } from './eval-run.ts';

/** How long one model step may take before the run fails (a hung endpoint must not hang CI). */
const STEP_TIMEOUT_MS = 120_000;

/**
 * The AI SDK logs its warnings (a setting the provider ignores…) with console.info and console.warn:
 * stdout must hold only the report (`--json` prints nothing else), so they go to stderr, each once.
 */
function warningsToStderr(): void {
  const seen = new Set<string>();
  (globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS = (options: {
    warnings: unknown[];
  }) => {
    for (const warning of options.warnings) {
      const text = JSON.stringify(warning);
      if (seen.has(text)) continue;
      seen.add(text);
      process.stderr.write(`toolscope eval: the model library warns: ${text}\n`);
    }
  };
}

/**
 * Model steps through the Chat's own provider code (server/chat: the AI SDK with the OpenAI-compatible and
 * Anthropic providers), with the same tools, system prompt and temperature on every step.
 */
export function chatStepper(
  provider: ChatProvider,
  settings: { model: string; system?: string; temperature?: number },
  tools: ChatToolSpec[],
): ModelStepper {
  warningsToStderr();
  return async (messages) => {
    let text = '';
    const calls: ChatToolCall[] = [];
    let error: string | undefined;
    const emit = (event: ChatStepEvent) => {
      if (event.type === 'text') text += event.delta;
      else if (event.type === 'tool-call') calls.push(event.call);
      else if (event.type === 'error') error = event.message;
    };
    await runChatStep(
      provider,
      provider.key,
      {
        page: 'eval',
        provider: provider.id,
        model: settings.model,
        ...(settings.system ? { system: settings.system } : {}),
        ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
        messages: [...messages],
        tools,
      },
      emit,
      AbortSignal.timeout(STEP_TIMEOUT_MS),
    );
    return { text, calls, ...(error ? { error } : {}) };
  };
}
