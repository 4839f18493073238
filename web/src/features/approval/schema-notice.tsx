import { noticeClass } from '../arguments/form-classes.ts';
import { countProblems, firstProblems, type ApprovalSchemaCheck } from './schema-check.ts';
import { NO_KEY } from '#client/schema/unnamed-entries.ts';

/**
 * Warns, before approval, that the arguments break the tool's input schema: how many problems and the first
 * paths. The call may still be approved on purpose (to test the server's own validation).
 */
export function SchemaNotice({ check }: { check: ApprovalSchemaCheck }) {
  const { problems, schemaError } = check;
  if (problems.length === 0 && !schemaError) return null;
  if (problems.length === 0) {
    return (
      <p role="note" aria-label="Input schema" className={noticeClass}>
        {`The arguments were not checked: ${schemaError}`}
      </p>
    );
  }
  const shown = firstProblems(problems);
  const more = problems.length - shown.length;
  // Entries the form has but does not send (no key yet) are not the server's business: say so plainly.
  const unsent = problems.filter((problem) => NO_KEY.test(problem.message)).length;
  return (
    <div role="note" aria-label="Input schema" className={noticeClass}>
      <p>
        {unsent === problems.length
          ? `⚠ ${unsent === 1 ? 'An entry of the form has' : `${unsent} entries of the form have`} no key: not sent.`
          : `⚠ These arguments break the tool’s input schema: ${countProblems(problems.length)}. The server will probably refuse them.`}
      </p>
      <ul className="mt-1 list-disc pl-5 font-mono text-xs">
        {shown.map((line) => (
          <li key={`${line.pointer} ${line.text}`} className="break-words">
            {line.text}
            {line.pointer !== '' && (
              <span className="ml-2 break-all text-slate-500 dark:text-slate-400">{line.pointer}</span>
            )}
          </li>
        ))}
      </ul>
      {more > 0 && <p className="mt-1 text-xs">{`and ${more} more`}</p>}
    </div>
  );
}
