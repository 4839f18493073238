/**
 * Marks something the negotiated protocol revision does not define (a field, a content type): it is shown,
 * because the server sent it, but flagged as coming from a later revision.
 */
export function RevisionMark({
  field,
  since,
  revision,
}: {
  field: string;
  since: string;
  revision?: string;
}) {
  const text = `${field} is not defined in ${revision ? `the negotiated revision ${revision}` : 'this revision'} (since ${since})`;
  return (
    <span
      role="note"
      aria-label={text}
      title={text}
      className="shrink-0 rounded border border-violet-300 px-1 text-[10px] font-medium text-violet-700 dark:border-violet-800 dark:text-violet-300"
    >
      since {since}
    </span>
  );
}
