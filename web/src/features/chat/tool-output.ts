import type { ChatToolOutput } from '#shared/chat-protocol.ts';
import type { CallEntry } from '../../calls/call-history.ts';
import { DENIED_OUTPUT, modelOutputOf } from '#client/content/model-output.ts';

export { DENIED_OUTPUT };

/**
 * A finished call of the history as the model gets it back (see modelOutputOf), or why it was not run:
 * another approval was open, or it still runs as a task.
 */
export function toolOutputOf(entry: CallEntry | undefined): ChatToolOutput {
  if (!entry) return { type: 'error-text', value: 'The call was not run: another approval was open.' };
  const outcome = entry.outcome;
  if (!outcome) return { type: 'error-text', value: 'The call has not finished (it runs as a task).' };
  return modelOutputOf(outcome);
}
