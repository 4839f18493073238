import { prepareToolSchema } from '#client/schema/prepare-tool-schema.ts';
import type { ArgumentProblem } from '#client/schema/summarize-errors.ts';
import { readablePath } from '../arguments/readable-path.ts';

/** How many problems the approval dialog lists by path; the rest are counted. */
export const SHOWN_PROBLEMS = 3;

/** What the approval dialog says about the arguments against the tool's input schema. */
export interface ApprovalSchemaCheck {
  /** Every problem found (empty when the arguments fit, or the schema could not be compiled). */
  problems: ArgumentProblem[];
  /** Why the schema itself could not be used for checking. */
  schemaError?: string;
}

/**
 * Checks the arguments about to be sent with the checker the arguments form uses (same compiled schema, same
 * dialect for the negotiated revision), so the dialog and the form never disagree.
 */
export function checkApprovalArguments(
  inputSchema: unknown,
  args: unknown,
  revision?: string,
): ApprovalSchemaCheck {
  const { checker } = prepareToolSchema(inputSchema, revision);
  return { problems: checker.check(args), schemaError: checker.schemaError };
}

/** "1 problem" / "3 problems". */
export function countProblems(count: number): string {
  return `${count} ${count === 1 ? 'problem' : 'problems'}`;
}

/** One problem as the approval dialog lists it. */
export interface ProblemLine {
  /** "items 2 › sku: is required": the path in the form's words ("(arguments)" for the arguments object). */
  text: string;
  /** The JSON Pointer the text names ("/items/1/sku"), shown after it in grey. */
  pointer: string;
}

/**
 * The first problems, each named as the form names it ("items 2 › sku", list places from 1), with its JSON Pointer
 * beside: a person reads "/items/1" as the first item.
 */
export function firstProblems(problems: readonly ArgumentProblem[], max = SHOWN_PROBLEMS): ProblemLine[] {
  return problems
    .slice(0, max)
    .map((problem) => ({ text: `${readablePath(problem.path)}: ${problem.message}`, pointer: problem.path }));
}
