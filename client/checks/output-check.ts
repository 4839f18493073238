import { before } from '../era/protocol-revisions.ts';

/** The revision that introduced outputSchema and structuredContent, and with them the rule that ties them. */
export const STRUCTURED_OUTPUT_SINCE = '2025-06-18';

/**
 * What to check about a result's structured output, decided before any validator loads:
 * from 2025-06-18 on, a tool with an outputSchema MUST return conforming structuredContent.
 */
export type OutputCheckPlan =
  | { kind: 'none' }
  | { kind: 'skipped-tool-error' }
  | { kind: 'missing-structured' }
  | { kind: 'not-an-object'; hasSchema: boolean }
  /** The negotiated revision predates structured output: its rules are not applied. */
  | { kind: 'beyond-revision'; revision: string; since: string }
  | { kind: 'validate'; schema: unknown; data: Record<string, unknown>; revision?: string };

/**
 * Decides the check for `result` of a tool whose declared output schema is `outputSchema`, under the
 * protocol `revision` the call was made with (an unknown revision counts as the latest).
 */
export function planOutputCheck(outputSchema: unknown, result: unknown, revision?: string): OutputCheckPlan {
  if (typeof result !== 'object' || result === null) return { kind: 'none' };
  const { structuredContent, isError } = result as { structuredContent?: unknown; isError?: unknown };
  const hasSchema = outputSchema !== undefined && outputSchema !== null;
  if (before(revision, STRUCTURED_OUTPUT_SINCE)) {
    return hasSchema || structuredContent !== undefined
      ? { kind: 'beyond-revision', revision: revision!, since: STRUCTURED_OUTPUT_SINCE }
      : { kind: 'none' };
  }
  if (structuredContent !== undefined) {
    if (
      typeof structuredContent !== 'object' ||
      structuredContent === null ||
      Array.isArray(structuredContent)
    ) {
      return { kind: 'not-an-object', hasSchema };
    }
  }
  if (!hasSchema) return { kind: 'none' };
  // A failed call need not produce the declared output; the SDK client skips validation too.
  if (isError === true) return { kind: 'skipped-tool-error' };
  if (structuredContent === undefined) return { kind: 'missing-structured' };
  return {
    kind: 'validate',
    schema: outputSchema,
    data: structuredContent as Record<string, unknown>,
    ...(revision !== undefined ? { revision } : {}),
  };
}
