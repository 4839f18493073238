/**
 * Marks a feature the negotiated revision (2026-07-28) deprecates: it still works, and the page
 * still offers it, but a server developer should know it is on its way out.
 */
export function DeprecatedMark({ reason }: { reason: string | undefined }) {
  if (!reason) return null;
  return (
    <span
      role="note"
      aria-label={reason}
      title={reason}
      className="shrink-0 rounded border border-amber-300 px-1 text-[10px] font-medium text-amber-700 dark:border-amber-800 dark:text-amber-300"
    >
      deprecated in 2026-07-28
    </span>
  );
}
