import type { ArgumentsStatus } from '#client/schema/arguments-status.ts';
import { errorTextClass, hintClass } from './form-classes.ts';
import { isToDo, summarizeProblems, toDoLabel } from './problem-summary.ts';

/**
 * The validation result under the editor: a short "matches" line, or the list of problems with their paths.
 * Problems do not block the call; the tool panel decides, since sending bad arguments on purpose is a test too.
 */
export function ArgumentProblems({
  status,
  showMatch = true,
}: {
  status: ArgumentsStatus;
  showMatch?: boolean;
}) {
  if (status.parseError !== undefined) return null;
  if (status.schemaError !== undefined) {
    return <p className={hintClass}>Arguments are not checked: {status.schemaError}</p>;
  }
  const problems = status.validationErrors;
  if (problems.length === 0) {
    if (!showMatch) return null;
    return (
      <p className="text-xs text-emerald-700 dark:text-emerald-400">
        <span aria-hidden="true">✓ </span>Arguments match the input schema
      </p>
    );
  }
  // Only empty required fields (a new form, e.g. an order's first line item): a to-do, not a fault.
  // A map entry's missing key is one of them ("Add entry" starts it empty).
  if (problems.every(isToDo)) {
    // Where the Call tool line names every to-do already, a second "Still to fill in" would only repeat it
    // (screen readers would hear it twice); the full list stays when the line counts the rest.
    if (!showMatch && (summarizeProblems(problems)?.more ?? 0) === 0) return null;
    return <p className={hintClass}>Still to fill in: {problems.map(toDoLabel).join(', ')}</p>;
  }
  return (
    <div className="flex flex-col gap-0.5">
      <p className="text-xs font-medium text-amber-700 dark:text-amber-300">
        {problems.length === 1 ? '1 problem' : `${problems.length} problems`} with these arguments (you can
        still send them)
      </p>
      <ul
        aria-label="Argument problems"
        className={`${errorTextClass} flex max-h-32 flex-col overflow-y-auto`}
      >
        {problems.map((problem, index) => (
          <li key={index} className="break-words">
            <code className="rounded bg-red-50 px-1 font-mono dark:bg-red-950/50">
              {problem.path || '(arguments)'}
            </code>{' '}
            {problem.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
