import { readAnnotations, type HintReading } from '#client/tools/tool-annotations.ts';

const TONES: Record<string, { solid: string; outline: string }> = {
  safe: {
    solid: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
    outline: 'border-emerald-500 text-emerald-800 dark:border-emerald-600 dark:text-emerald-300',
  },
  warn: {
    solid: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
    outline: 'border-red-500 text-red-800 dark:border-red-600 dark:text-red-300',
  },
  info: {
    solid: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
    outline: 'border-sky-500 text-sky-800 dark:border-sky-600 dark:text-sky-300',
  },
  neutral: {
    solid: 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
    outline: 'border-slate-400 text-slate-700 dark:border-slate-500 dark:text-slate-300',
  },
};

const TONE_OF: Record<string, keyof typeof TONES> = {
  'read-only': 'safe',
  destructive: 'warn',
  'non-destructive': 'info',
  idempotent: 'info',
};

/**
 * The list shows only what tells tools apart at a glance: a declared read-only or destructive claim (and a
 * contradiction). World and idempotence hints, and the spec's defaults for absent hints, are in the tool panel.
 */
const LIST_HINTS = new Set(['read-only', 'destructive']);

/** How one hint looks and reads: trusted claims solid, unverified claims dashed, defaults plain grey italics. */
export function badgeLook(hint: HintReading, trusted: boolean): { className: string; description: string } {
  const tone = TONES[TONE_OF[hint.label] ?? 'neutral']!;
  if (hint.source === 'default') {
    return {
      className: 'italic text-slate-400 dark:text-slate-500',
      description: `${hint.label}: the spec's default, the server did not declare ${hint.hint}`,
    };
  }
  return trusted
    ? {
        className: `border border-transparent ${tone.solid}`,
        description: `${hint.label}: claimed by a trusted server`,
      }
    : {
        className: `border border-dashed bg-transparent ${tone.outline}`,
        description: `${hint.label}: the server's claim, not verified`,
      };
}

/**
 * A tool's behaviour hints. A trusted server's claims are solid badges, an untrusted server's are dashed
 * outlines (the spec: annotations are untrusted unless the server is), and the spec's defaults for absent
 * hints follow as plain grey italics ("defaults: destructive, open-world"); a tool that declares nothing says so
 * in parentheses, so the defaults do not read as claims. A read-only tool that also claims to be destructive is flagged.
 * `compact` (the tool list) shows only declared read-only and destructive claims.
 */
export function AnnotationBadges({
  annotations,
  trusted,
  compact = false,
}: {
  annotations: unknown;
  trusted: boolean;
  compact?: boolean;
}) {
  const reading = readAnnotations(annotations);
  const shown = compact
    ? reading.hints.filter((hint) => hint.source === 'declared' && LIST_HINTS.has(hint.label))
    : reading.hints;
  const declared = shown.filter((hint) => hint.source === 'declared');
  const defaults = shown.filter((hint) => hint.source === 'default');
  const noneDeclared = !compact && declared.length === 0 && !reading.contradictory;
  const size = compact ? 'px-1 text-[10px]' : 'px-1.5 py-0.5 text-[11px] font-medium';
  const defaultsText = defaults.map((hint) => hint.label).join(compact ? ' · ' : ', ');
  return (
    <>
      {reading.contradictory && (
        <span
          aria-label="Contradictory annotations: read-only and destructive"
          title="The server claims read-only and destructive at once"
          className={`shrink-0 rounded bg-red-600 font-semibold text-white ${size}`}
        >
          ⚠ contradictory
        </span>
      )}
      {declared.map((hint) => {
        const look = badgeLook(hint, trusted);
        return (
          <span
            key={hint.hint}
            aria-label={look.description}
            title={`${look.description} (${hint.meaning})`}
            className={`shrink-0 rounded whitespace-nowrap ${size} ${look.className}`}
          >
            {hint.label}
          </span>
        );
      })}
      {defaults.length > 0 && (
        <span
          aria-label={`Spec defaults, not declared by the server: ${defaults.map((hint) => hint.label).join(', ')}`}
          title={defaults.map((hint) => badgeLook(hint, trusted).description).join('\n')}
          className={`truncate text-slate-400 italic dark:text-slate-500 ${compact ? 'text-[10px]' : 'text-[11px]'}`}
        >
          {noneDeclared ? `(spec defaults: ${defaultsText})` : `defaults: ${defaultsText}`}
        </span>
      )}
    </>
  );
}
