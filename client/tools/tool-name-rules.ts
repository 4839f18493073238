import { before } from '../era/protocol-revisions.ts';

/** The spec's naming guidance (2025-11-25): 1..128 characters of A-Z a-z 0-9 _ - . */
const NAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

/** The revision that brought the naming guidance. */
export const NAME_RULES_SINCE = '2025-11-25';

/**
 * What is wrong with a tool name under the spec's naming rules; empty when nothing is. Under an earlier
 * `revision` the same checks are made but labelled as later guidance, since that revision did not ask for it.
 */
export function toolNameProblems(name: unknown, revision?: string): string[] {
  if (typeof name !== 'string') return ['name is not a string'];
  const problems: string[] = [];
  if (name.length === 0) problems.push('name is empty');
  if (name.length > 128) problems.push(`name is ${name.length} characters long (at most 128)`);
  if (name.length > 0 && !NAME_PATTERN.test(name))
    problems.push('name has characters outside A-Z a-z 0-9 _ - .');
  return before(revision, NAME_RULES_SINCE) && name.length > 0
    ? problems.map((problem) => `${problem} (guidance of ${NAME_RULES_SINCE}, not of ${revision})`)
    : problems;
}
