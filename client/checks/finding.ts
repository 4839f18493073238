/** How bad a finding is: an error breaks a MUST, a warning a SHOULD, info is worth knowing. */
export type FindingLevel = 'error' | 'warning' | 'info';

/** One thing `toolscope check` and the Checks panel say about a server. */
export interface Finding {
  level: FindingLevel;
  /** Stable id of the rule, e.g. `tool-name` (docs/check.md lists them). */
  rule: string;
  /** What it is about: `tool echo`, `resources/list`, `server`. */
  subject: string;
  message: string;
}

/** Ranks levels for sorting and for the exit code. */
export const LEVEL_ORDER: Record<FindingLevel, number> = { error: 0, warning: 1, info: 2 };

/** Findings worst first, then by rule and subject, so reports are stable. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) =>
      LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] ||
      a.rule.localeCompare(b.rule) ||
      a.subject.localeCompare(b.subject),
  );
}

/** Counts by level. */
export function countFindings(findings: readonly Finding[]): Record<FindingLevel, number> {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const finding of findings) counts[finding.level]++;
  return counts;
}
