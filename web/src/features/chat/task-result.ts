import type { CallEntry, CallHistory } from '../../calls/call-history.ts';

/**
 * Waits for a call that the server ran as a task to end: the task tracker fills in its history entry
 * when the result arrives. Resolves with the entry as it then is, or as it is when `signal` aborts
 * (Stop), so the model gets the final result, not the task's creation.
 */
export function taskFinished(
  history: CallHistory,
  entry: CallEntry,
  signal: AbortSignal,
): Promise<CallEntry> {
  const current = () => history.get().calls.find((call) => call.id === entry.id) ?? entry;
  if (current().outcome || signal.aborted) return Promise.resolve(current());
  return new Promise((resolve) => {
    const done = () => {
      unsubscribe();
      signal.removeEventListener('abort', done);
      resolve(current());
    };
    const unsubscribe = history.subscribe(() => {
      if (current().outcome) done();
    });
    signal.addEventListener('abort', done, { once: true });
  });
}
