/**
 * What to check about a result's structured output, decided before any validator loads:
 * the spec says a tool with an outputSchema MUST return conforming structuredContent.
 */
export type OutputCheckPlan =
  | { kind: 'none' }
  | { kind: 'skipped-tool-error' }
  | { kind: 'missing-structured' }
  | { kind: 'not-an-object'; hasSchema: boolean }
  | { kind: 'validate'; schema: unknown; data: Record<string, unknown> };

/** Decides the check for `result` of a tool whose declared output schema is `outputSchema`. */
export function planOutputCheck(outputSchema: unknown, result: unknown): OutputCheckPlan {
  if (typeof result !== 'object' || result === null) return { kind: 'none' };
  const { structuredContent, isError } = result as { structuredContent?: unknown; isError?: unknown };
  const hasSchema = outputSchema !== undefined && outputSchema !== null;
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
  return { kind: 'validate', schema: outputSchema, data: structuredContent as Record<string, unknown> };
}
