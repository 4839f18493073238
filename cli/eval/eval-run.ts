import type { ChatMessage, ChatToolCall, ChatToolOutput } from '#shared/chat-protocol.ts';
import { MAX_STEPS_PER_TURN } from '#shared/chat-protocol.ts';

/** What the model answered in one step: its text and tool calls, or why the step failed. */
export interface ModelTurn {
  text: string;
  calls: ChatToolCall[];
  error?: string;
}

/** One provider request with the conversation so far. */
export type ModelStepper = (messages: ChatMessage[]) => Promise<ModelTurn>;

/** A tool call of the model as the run made it (or refused it). */
export interface EvalCall {
  tool: string;
  arguments: unknown;
  /** True when the tool ran; false when refused or invalid. */
  ran: boolean;
  /** How the call ended, when it ran (`ok`, `tool-error`…). */
  status?: string;
  /** Why it did not run: not allowed in this eval, arguments not JSON, no such tool. */
  refused?: string;
}

/** Runs one tool call of the model; what goes back to the model, and what the report keeps. */
export type CallRunner = (call: ChatToolCall) => Promise<{ output: ChatToolOutput; made: EvalCall }>;

/** One run of one case: every call the model made, all its text, and how many model steps it took. */
export interface RunRecord {
  calls: EvalCall[];
  text: string;
  steps: number;
  /** Why the run stopped before the model finished (a provider error, the step limit). */
  error?: string;
}

/**
 * One conversation, as the Chat runs a turn: the prompt goes to the model with the offered tools; each
 * call it makes is run (or refused) and answered; the model goes on until it answers without a call, at
 * most {@link MAX_STEPS_PER_TURN} steps.
 */
export async function runConversation(
  prompt: string,
  step: ModelStepper,
  runCall: CallRunner,
  maxSteps = MAX_STEPS_PER_TURN,
): Promise<RunRecord> {
  const messages: ChatMessage[] = [{ role: 'user', text: prompt }];
  const record: RunRecord = { calls: [], text: '', steps: 0 };
  const texts: string[] = [];
  while (record.steps < maxSteps) {
    record.steps++;
    const turn = await step(messages);
    if (turn.text) texts.push(turn.text);
    record.text = texts.join('\n');
    if (turn.error) return { ...record, error: turn.error };
    messages.push({ role: 'assistant', text: turn.text, toolCalls: turn.calls });
    if (!turn.calls.length) return record;
    const results: Extract<ChatMessage, { role: 'tool' }>['results'] = [];
    for (const call of turn.calls) {
      const { output, made } = await runCall(call);
      record.calls.push(made);
      results.push({ toolCallId: call.toolCallId, toolName: call.toolName, output });
    }
    messages.push({ role: 'tool', results });
  }
  return { ...record, error: `the model was still calling tools after ${maxSteps} steps` };
}
