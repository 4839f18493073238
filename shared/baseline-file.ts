/**
 * A baseline: the tool calls `toolscope check --save-baseline` made and what the server answered, which
 * `check --baseline` makes again and compares (docs/ci.md describes the format). The page writes one from
 * a recording ("Save as baseline"); the command reads it. No Node imports.
 */
import * as z from 'zod';

/** Identifies a Toolscope baseline file. */
export const BASELINE_FORMAT = 'toolscope-baseline';
/** Bumped when the format changes incompatibly. */
export const BASELINE_VERSION = 1;

/** What a call's answer was: a result (ok or a tool error), or a JSON-RPC error. */
export type BaselineAnswer =
  | { status: 'ok' | 'tool-error'; result: unknown }
  | { status: 'protocol-error'; error: { code: number; message: string } };

/** One call of the baseline, in the order it was made. */
export interface BaselineCall {
  tool: string;
  arguments: Record<string, unknown>;
  answer: BaselineAnswer;
  /**
   * JSON pointers into the answer (the result, or the error) that differed between two calls when the
   * baseline was saved (a time, an id): compared by shape only, and they may be missing.
   */
  volatile?: string[];
}

/** A whole baseline file. */
export interface BaselineFile {
  format: typeof BASELINE_FORMAT;
  version: typeof BASELINE_VERSION;
  savedAt: string;
  /** The server that answered, for the reader; the comparison does not depend on it. */
  server?: { name: string; version: string; protocolVersion?: string };
  /** JSON pointers ignored in every answer (added by `--ignore` when saving, and at compare time). */
  ignore?: string[];
  calls: BaselineCall[];
}

const answerSchema = z.union([
  z.looseObject({ status: z.enum(['ok', 'tool-error']), result: z.unknown() }),
  z.looseObject({
    status: z.literal('protocol-error'),
    error: z.looseObject({ code: z.number(), message: z.string() }),
  }),
]);

export const baselineFileSchema = z.looseObject({
  format: z.literal(BASELINE_FORMAT),
  version: z.literal(BASELINE_VERSION),
  savedAt: z.string(),
  server: z.looseObject({ name: z.string(), version: z.string() }).optional(),
  ignore: z.array(z.string()).optional(),
  calls: z.array(
    z.looseObject({
      tool: z.string(),
      arguments: z.record(z.string(), z.unknown()),
      answer: answerSchema,
      volatile: z.array(z.string()).optional(),
    }),
  ),
});

/** A baseline as its file holds it: pretty JSON with a final newline, so a diff in review reads well. */
export function formatBaselineFile(file: BaselineFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}
