import type { FileVerification, SkillCheck } from '#client/skills/skill-verification.ts';

const LABELS: Record<SkillCheck['check'], string> = {
  listed: 'Listed',
  read: 'Read',
  size: 'Size',
  digest: 'SHA-256 digest',
  frontmatter: 'Frontmatter',
};

/** A check's outcome in words: a failed size, digest or frontmatter comparison is a mismatch. */
function outcomeText(check: SkillCheck): string {
  if (check.status === 'passed')
    return check.check === 'listed' || check.check === 'read' ? 'passed' : 'match';
  if (check.status === 'skipped') return 'not checked';
  return check.expected ? 'mismatch' : 'failed';
}

const outcomeClass: Record<SkillCheck['status'], string> = {
  passed: 'text-emerald-700 dark:text-emerald-400',
  failed: 'font-semibold text-red-700 dark:text-red-400',
  skipped: 'text-slate-500',
};

/**
 * The checks one skill file went through, in order, with what the entry expected and what came: the
 * verification shown before any of the file's content. A value that matched is shown once.
 */
export function SkillChecksTable({ verification, label }: { verification: FileVerification; label: string }) {
  return (
    <table aria-label={label} className="w-full table-fixed border-collapse text-xs">
      <thead className="text-left text-slate-500">
        <tr>
          <th className="w-28 py-1 pr-2 font-medium">Check</th>
          <th className="w-24 py-1 pr-2 font-medium">Result</th>
          <th className="py-1 pr-2 font-medium" title="What the skill’s entry in skills/list says">
            Expected
          </th>
          <th className="py-1 font-medium" title="What the server’s file is">
            Got
          </th>
        </tr>
      </thead>
      <tbody>
        {verification.checks.map((check) => (
          <tr key={check.check} className="border-t border-slate-200 align-top dark:border-slate-800">
            <th scope="row" className="py-1 pr-2 text-left font-medium">
              {LABELS[check.check]}
            </th>
            <td className={`py-1 pr-2 ${outcomeClass[check.status]}`}>
              <span aria-hidden="true">
                {check.status === 'passed' ? '✓ ' : check.status === 'failed' ? '✗ ' : '– '}
              </span>
              {outcomeText(check)}
            </td>
            <CheckValues check={check} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Expected and got side by side when they differ; one value when they match; else the detail. */
function CheckValues({ check }: { check: SkillCheck }) {
  const compared = check.check === 'size' || check.check === 'digest';
  if (compared && check.status === 'failed')
    return (
      <>
        <td className="py-1 pr-2 font-mono break-all">{check.expected}</td>
        <td className="py-1 font-mono break-all text-red-700 dark:text-red-400">{check.got}</td>
      </>
    );
  if (compared && check.status === 'passed')
    return (
      <td colSpan={2} className="py-1 font-mono break-all">
        {check.got}
      </td>
    );
  return (
    <td
      colSpan={2}
      className={`py-1 ${check.status === 'failed' ? 'text-red-700 dark:text-red-400' : 'text-slate-500'}`}
    >
      {check.differences ? (
        <ul>
          {check.differences.map((difference) => (
            <li key={difference} className="break-words">
              {difference}
            </li>
          ))}
        </ul>
      ) : (
        check.detail
      )}
    </td>
  );
}
