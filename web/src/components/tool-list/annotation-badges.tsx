import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';

interface Badge {
  label: string;
  title: string;
  className: string;
}

const tone = {
  safe: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  warn: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  info: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  neutral: 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
};

/** Turns annotation hints into badges. The spec's defaults apply when a hint is absent. */
export function annotationBadges(annotations: ToolAnnotations | undefined): Badge[] {
  if (!annotations || typeof annotations !== 'object') return [];
  const badges: Badge[] = [];
  const claim = 'claimed by the server, not verified';
  if (annotations.readOnlyHint === true) {
    badges.push({
      label: 'read-only',
      title: `Does not modify its environment (${claim})`,
      className: tone.safe,
    });
  } else if (annotations.destructiveHint !== false && annotations.readOnlyHint === false) {
    badges.push({
      label: 'destructive',
      title: `May perform destructive updates (${claim})`,
      className: tone.warn,
    });
  }
  if (annotations.destructiveHint === true && annotations.readOnlyHint !== false) {
    badges.push({
      label: 'destructive',
      title: `May perform destructive updates (${claim})`,
      className: tone.warn,
    });
  }
  if (annotations.idempotentHint === true) {
    badges.push({
      label: 'idempotent',
      title: `Repeating it has no extra effect (${claim})`,
      className: tone.info,
    });
  }
  if (annotations.openWorldHint === true) {
    badges.push({
      label: 'open-world',
      title: `Interacts with external entities (${claim})`,
      className: tone.neutral,
    });
  }
  return badges;
}

/** Small badges for a tool's annotations; each says in its tooltip that it is the server's claim. */
export function AnnotationBadges({
  annotations,
  showNone = false,
}: {
  annotations: ToolAnnotations | undefined;
  /** Say "none" when there are no hints (the approval dialog), instead of showing nothing. */
  showNone?: boolean;
}) {
  const badges = annotationBadges(annotations);
  if (!badges.length) return showNone ? <span className="text-xs text-slate-400">none</span> : null;
  return (
    <>
      {badges.map((badge) => (
        <span
          key={badge.label}
          title={badge.title}
          className={`rounded px-1.5 py-0.5 text-[11px] font-medium ${badge.className}`}
        >
          {badge.label}
        </span>
      ))}
    </>
  );
}
