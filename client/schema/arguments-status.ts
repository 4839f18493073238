import type { ArgumentsChecker } from './check-arguments.ts';
import { parseArgumentsText } from './parse-arguments-text.ts';
import type { ArgumentProblem } from './summarize-errors.ts';
import { withoutUnnamedEntries } from './unnamed-entries.ts';

/** What the arguments editor tells the tool panel about the current text. */
export interface ArgumentsStatus {
  /** Set when the text is not a JSON object: the arguments cannot be sent as they are. */
  parseError?: string;
  /** Where the arguments break the tool's input schema. The call may still be sent, on purpose. */
  validationErrors: ArgumentProblem[];
  /** The arguments to send, when the text parses: entries with an empty key are left out (see unnamed-entries.ts). */
  value?: unknown;
  /** Set when the input schema itself cannot be compiled, so `validationErrors` stays empty. */
  schemaError?: string;
}

/** Parses and validates the arguments text; an entry without a key is a problem of its map, and is not sent. */
export function computeArgumentsStatus(text: string, checker: ArgumentsChecker): ArgumentsStatus {
  const parsed = parseArgumentsText(text);
  const schemaError = checker.schemaError;
  if (parsed.error !== undefined) return { parseError: parsed.error, validationErrors: [], schemaError };
  const { value, unnamed } = withoutUnnamedEntries(parsed.value!);
  return { validationErrors: [...unnamed, ...checker.check(value)], value, schemaError };
}
