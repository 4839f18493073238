import type { BaselineAnswer, BaselineCall } from '#shared/baseline-file.ts';
import type { Finding } from '../checks/finding.ts';
import { toolSubject } from '../checks/tool-rules.ts';
import { diffAnswers, kindOf, type AnswerChange } from './answer-diff.ts';
import { answerBody } from './baseline-from-calls.ts';
import { parsePointer } from './json-pointer.ts';

/**
 * The protocol's envelope around a tool's answer, never compared: `resultType` (2026-07-28 only, so a
 * baseline saved in one era holds in the other) and `_meta` (the server's name and version ride there,
 * and a new release must not fail every baseline).
 */
export const ENVELOPE_POINTERS = ['/resultType', '/_meta'];

/** How one baseline call compares with today's answer. */
export interface CallComparison {
  tool: string;
  arguments: Record<string, unknown>;
  /** The status changed (`ok` → `tool-error`, or no answer at all now: `timed-out`…). */
  status?: { before: string; after: string };
  /** Where the answer changed, when the status did not. */
  changes: AnswerChange[];
}

/**
 * Compares today's answer to a baseline call's: the status first, then the answer's body, leaving out
 * the envelope and `ignore`, with the call's volatile pointers and `volatileNow` (places that differed between two calls
 * today) compared by shape only. `after` is undefined when the call got no answer (`status` says why).
 */
export function compareCall(
  call: BaselineCall,
  after: BaselineAnswer | undefined,
  status: string,
  ignore: readonly string[],
  volatileNow: readonly string[] = [],
): CallComparison {
  const base = { tool: call.tool, arguments: call.arguments, changes: [] };
  const volatile = [...(call.volatile ?? []), ...volatileNow];
  if (volatile.includes('')) return base;
  if (!after || after.status !== call.answer.status)
    return { ...base, status: { before: call.answer.status, after: after?.status ?? status } };
  const changes = diffAnswers(answerBody(call.answer), answerBody(after), {
    volatile: volatile.map(parsePointer),
    ignore: [...ENVELOPE_POINTERS, ...ignore].map(parsePointer),
  });
  return { ...base, changes };
}

/** True when the call answered as the baseline says. */
export function unchanged(comparison: CallComparison): boolean {
  return !comparison.status && !comparison.changes.length;
}

/** Changes listed in one finding's message; the JSON report holds them all. */
const MAX_LISTED = 5;
/** Longest value shown in a message, as JSON. */
const MAX_VALUE = 80;

/** An error-level finding naming the tool and what changed, or undefined when nothing did. */
export function comparisonFinding(comparison: CallComparison): Finding | undefined {
  if (unchanged(comparison)) return undefined;
  const args = truncate(JSON.stringify(comparison.arguments), MAX_VALUE);
  const what = comparison.status
    ? `answered ${comparison.status.before} in the baseline, ${comparison.status.after} now`
    : `answer changed at ${comparison.changes
        .slice(0, MAX_LISTED)
        .map(describeChange)
        .join(
          '; ',
        )}${comparison.changes.length > MAX_LISTED ? `; and ${comparison.changes.length - MAX_LISTED} more` : ''}`;
  return {
    level: 'error',
    rule: 'baseline',
    subject: toolSubject(comparison.tool),
    message: `${what} (arguments ${args})`,
  };
}

/** `/content/0/text: "3" → "4"`, with long values cut. */
export function describeChange(change: AnswerChange): string {
  const path = change.path || '(the whole answer)';
  switch (change.kind) {
    case 'added':
      return `${path}: added ${shown(change.after)}`;
    case 'removed':
      return `${path}: removed (was ${shown(change.before)})`;
    case 'shape':
      return `${path}: was ${kindOf(change.before)} ${shown(change.before)}, now ${kindOf(change.after)} ${shown(change.after)}`;
    default:
      return `${path}: ${shown(change.before)} → ${shown(change.after)}`;
  }
}

/** A value as JSON, cut to {@link MAX_VALUE} characters. */
export function shown(value: unknown): string {
  return truncate(JSON.stringify(value) ?? 'undefined', MAX_VALUE);
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
