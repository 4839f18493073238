import type { ChatStepEvent, ChatStepRequest } from '#shared/chat-protocol.ts';
import type { ChatProvider } from '../../server/chat/chat-providers.ts';
import { runChatStep } from '../../server/chat/chat-step.ts';

/** Runs one chat step against `provider` with `key`, and collects the events it streamed. */
export async function stepEvents(
  provider: ChatProvider,
  key: string,
  request: ChatStepRequest,
): Promise<ChatStepEvent[]> {
  const events: ChatStepEvent[] = [];
  await runChatStep(provider, key, request, (event) => events.push(event), new AbortController().signal);
  return events;
}

/** What the model said in a step's events: the text deltas, joined. */
export function textOf(events: readonly ChatStepEvent[]): string {
  return events.map((event) => (event.type === 'text' ? event.delta : '')).join('');
}
