import { useEffect, useState } from 'react';
import type { OutputCheckPlan } from '#client/checks/output-check.ts';
import type { OutputValidation } from '#client/checks/output-validation.ts';
import { validateOffThread, type ValidationTimeout } from './validate-off-thread.ts';

/** Where the outputSchema check stands: not applicable, running, or done. */
export type ValidationState =
  | { kind: 'not-applicable' }
  | { kind: 'pending' }
  | { kind: 'load-failed'; message: string }
  | ValidationTimeout
  | OutputValidation;

/**
 * Validates structured output when the plan asks for it, off the main thread. The answer is tied
 * to its plan, so an answer for a previous result is never shown for the current one.
 */
export function useOutputValidation(plan: OutputCheckPlan): ValidationState {
  const [answer, setAnswer] = useState<{ plan: OutputCheckPlan; state: ValidationState }>();

  useEffect(() => {
    if (plan.kind !== 'validate') return;
    let current = true;
    validateOffThread(plan.schema, plan.data, plan.revision).then(
      (state) => {
        if (current) setAnswer({ plan, state });
      },
      (error: unknown) => {
        if (current) setAnswer({ plan, state: { kind: 'load-failed', message: String(error) } });
      },
    );
    return () => {
      current = false;
    };
  }, [plan]);

  if (plan.kind !== 'validate') return { kind: 'not-applicable' };
  return answer?.plan === plan ? answer.state : { kind: 'pending' };
}
