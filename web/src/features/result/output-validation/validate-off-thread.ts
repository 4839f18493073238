import type { OutputValidation } from '#client/checks/output-validation.ts';
import type { ValidationRequest } from './validation-worker.ts';
import { STARTED } from './validation-started.ts';

/** How long a validation may run before its worker is stopped. */
export const VALIDATION_TIMEOUT_MS = 5000;
/**
 * How long a worker may take to load and receive the document before the check gives up. Kept apart from
 * {@link VALIDATION_TIMEOUT_MS}: on a busy machine a fresh worker with a 100,000-key document took seconds
 * just to start, and the check was called stopped for a slow schema it never ran.
 */
export const WORKER_START_TIMEOUT_MS = 30_000;

/** A validation that did not finish in time; its worker was terminated. */
export type ValidationTimeout = { kind: 'timed-out'; afterMs: number };

/**
 * Validates in a fresh worker that is terminated on answer or timeout; where workers are missing,
 * falls back to validating in the page (still loaded lazily, so Ajv stays out of the first bundle).
 */
export function validateOffThread(
  schema: unknown,
  data: unknown,
  revision?: string,
): Promise<OutputValidation | ValidationTimeout> {
  if (typeof Worker === 'undefined') {
    return import('#client/checks/output-validation.ts').then(({ validateOutput }) =>
      validateOutput(schema, data, revision),
    );
  }
  const worker = new Worker(new URL('./validation-worker.ts', import.meta.url), {
    type: 'module',
  });
  return new Promise<OutputValidation | ValidationTimeout>((resolve, reject) => {
    const stopAfter = (afterMs: number) =>
      setTimeout(() => {
        worker.terminate();
        resolve({ kind: 'timed-out', afterMs });
      }, afterMs);
    let timer = stopAfter(WORKER_START_TIMEOUT_MS);
    const finish = () => {
      clearTimeout(timer);
      worker.terminate();
    };
    worker.onmessage = (event: MessageEvent<OutputValidation | typeof STARTED>) => {
      if (event.data === STARTED) {
        // The worker holds the document now: the validation's own limit starts.
        clearTimeout(timer);
        timer = stopAfter(VALIDATION_TIMEOUT_MS);
        return;
      }
      finish();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || 'the validation worker failed to start'));
    };
    worker.postMessage({ schema, data, revision } satisfies ValidationRequest);
  });
}
