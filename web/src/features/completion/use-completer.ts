import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import type { Completion, CompletionRef } from '#client/session/surface-requests.ts';

/**
 * The completion request of each field of a prompt or template: it sends what is typed in the field and the
 * other fields already filled (`context.arguments`). Undefined when
 * the server does not declare completions (nothing is asked then), or in a replay.
 */
export function useCompleter(
  ref: CompletionRef,
  values: Record<string, string>,
): ((name: string) => (value: string, signal: AbortSignal) => Promise<Completion>) | undefined {
  const { session, replay } = useServices();
  const declared = useStore(
    session.state,
    (s) => s.status === 'connected' && s.server?.capabilities.completions !== undefined,
  );
  if (!declared || replay) return undefined;
  return (name) => (value, signal) => session.complete(ref, { name, value }, values, signal);
}
