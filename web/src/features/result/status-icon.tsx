/** The kinds of status the result view marks with an icon. */
export type StatusKind = 'error' | 'warning' | 'info' | 'ok';

// Our own fixed paths (Heroicons-like shapes drawn for this app); never markup from a result.
const PATHS: Record<StatusKind, string> = {
  error: 'M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-3 5 6 6m0-6-6 6',
  warning: 'M10 3 2 17h16L10 3Zm0 5v4m0 2.5v.5',
  info: 'M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm0 7v5m0-8v.5',
  ok: 'M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-4 8 3 3 5-6',
};

/** A small outlined icon next to a status text; hidden from screen readers, the text says it all. */
export function StatusIcon({ kind, className = '' }: { kind: StatusKind; className?: string }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`h-4 w-4 shrink-0 ${className}`}
    >
      <path d={PATHS[kind]} />
    </svg>
  );
}
