import type { ChatStepRequest, ChatToolCall } from '#shared/chat-protocol.ts';
import type { ChatApi } from './chat-api.ts';
import type { StepRecord, TranscriptWriter } from './transcript.ts';

/** What the model answered in one step: its text and the tool calls it made (with their transcript items). */
export interface ModelAnswer {
  text: string;
  calls: ChatToolCall[];
  itemIds: number[];
  /** The arguments of each call as the model wrote them, step by step (by tool call id). */
  partialInputs: Map<string, Record<string, unknown>[]>;
}

/**
 * One provider request through the bridge: streams the answer's text and tool calls into the transcript as
 * they come and fills `record` with the exchange. Undefined when it failed or was stopped: the transcript
 * then says why, and the calls it announced are marked not run.
 */
export async function runModelStep(
  api: ChatApi,
  request: Omit<ChatStepRequest, 'page'>,
  record: StepRecord,
  transcript: TranscriptWriter,
  signal: AbortSignal,
): Promise<ModelAnswer | undefined> {
  const assistant = transcript.add({ kind: 'assistant', text: '', streaming: true });
  let text = '';
  const calls: ChatToolCall[] = [];
  const itemIds: number[] = [];
  const partialInputs = new Map<string, Record<string, unknown>[]>();
  let failed: string | undefined;
  try {
    await api.step(
      request,
      (event) => {
        if (event.type === 'text') {
          text += event.delta;
          transcript.patchItem(assistant, { text });
        } else if (event.type === 'tool-input') {
          partialInputs.set(event.toolCallId, [...(partialInputs.get(event.toolCallId) ?? []), event.input]);
        } else if (event.type === 'tool-call') {
          calls.push(event.call);
          itemIds.push(transcript.add({ kind: 'tool-call', call: event.call, state: 'waiting' }));
        } else if (event.type === 'finish') {
          Object.assign(record, {
            exchanges: event.exchanges,
            usage: event.usage,
            latencyMs: event.latencyMs,
            finishReason: event.finishReason,
          });
        } else {
          failed = event.message;
          record.exchanges = event.exchanges;
        }
      },
      signal,
    );
    if (!failed && !record.finishReason) failed = 'The bridge ended the answer without finishing it.';
  } catch (error) {
    failed = signal.aborted ? 'Stopped.' : (error as Error).message;
  }
  transcript.patchItem(assistant, { streaming: false });
  if (failed) {
    record.error = failed;
    for (const id of itemIds) transcript.patchItem(id, { state: 'not-run' });
    transcript.add({ kind: 'notice', tone: failed === 'Stopped.' ? 'info' : 'error', text: failed });
    return undefined;
  }
  return { text, calls, itemIds, partialInputs };
}
