/**
 * Web Worker entry: validates structured output off the main thread, so a schema built to be slow
 * (a backtracking `pattern`, a huge document) can be stopped by terminating the worker.
 */
import { validateOutput } from '#client/checks/output-validation.ts';
import { STARTED } from './validation-started.ts';

/** What the page sends: one schema, one document, and the revision that decides the default dialect. */
export interface ValidationRequest {
  schema: unknown;
  data: unknown;
  revision?: string;
}

self.onmessage = (event: MessageEvent<ValidationRequest>) => {
  const { schema, data, revision } = event.data;
  self.postMessage(STARTED);
  self.postMessage(validateOutput(schema, data, revision));
};
