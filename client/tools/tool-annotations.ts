/** The behaviour hints of ToolAnnotations (2025-03-26 on). */
export type HintName = 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint';

/**
 * The spec's defaults for absent hints: a client assumes the worst of a tool that says nothing
 * (it may write, destroy, and reach the outside world).
 */
export const HINT_DEFAULTS: Record<HintName, boolean> = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

/** One hint as Toolscope reads it. */
export interface HintReading {
  hint: HintName;
  /** The value in effect: the declared one, else the spec's default. */
  value: boolean;
  /** `declared` by the server, or the spec's `default` because the hint is absent (or not a boolean). */
  source: 'declared' | 'default';
  /** A short label for the value: "read-only", "destructive", "closed-world"… */
  label: string;
  /** What the value means, in a sentence. */
  meaning: string;
}

/** A tool's annotations read against the spec: hints in effect, and what is wrong with them. */
export interface AnnotationReading {
  /** The hints worth showing, in a fixed order; destructive and idempotent only when the tool may write. */
  hints: HintReading[];
  /** All four hints, relevant or not. */
  all: HintReading[];
  /** The server claims read-only and destructive at once. */
  contradictory: boolean;
  /** Hints of the wrong type, contradictions: in words. */
  problems: string[];
  /** True when no annotations object was sent at all. */
  absent: boolean;
}

const LABELS: Record<HintName, [whenTrue: string, whenFalse: string]> = {
  readOnlyHint: ['read-only', 'may write'],
  destructiveHint: ['destructive', 'non-destructive'],
  idempotentHint: ['idempotent', 'not idempotent'],
  openWorldHint: ['open-world', 'closed-world'],
};

const MEANINGS: Record<HintName, [whenTrue: string, whenFalse: string]> = {
  readOnlyHint: ['does not modify its environment', 'may modify its environment'],
  destructiveHint: ['may perform destructive updates', 'only performs additive updates'],
  idempotentHint: [
    'repeating a call with the same arguments has no further effect',
    'repeating a call may have further effect',
  ],
  openWorldHint: ['may interact with an open world of external entities', 'works within a closed domain'],
};

/**
 * Reads ToolAnnotations the way the spec defines them. Hints that are absent, or not booleans, take the
 * spec's defaults (and a wrong type is reported); `destructiveHint` and `idempotentHint` only mean
 * something when the tool is not read-only, so they are left out of a read-only tool's hints.
 */
export function readAnnotations(annotations: unknown): AnnotationReading {
  const record =
    typeof annotations === 'object' && annotations !== null && !Array.isArray(annotations)
      ? (annotations as Record<string, unknown>)
      : undefined;
  const problems: string[] = [];
  if (annotations !== undefined && !record) problems.push('annotations is not an object; ignored');
  const read = (hint: HintName): HintReading => {
    const raw = record?.[hint];
    if (raw !== undefined && typeof raw !== 'boolean')
      problems.push(`${hint} is ${JSON.stringify(raw) ?? String(raw)}, not a boolean: the default applies`);
    const declared = typeof raw === 'boolean';
    const value = declared ? raw : HINT_DEFAULTS[hint];
    return {
      hint,
      value,
      source: declared ? 'declared' : 'default',
      label: LABELS[hint][value ? 0 : 1],
      meaning: MEANINGS[hint][value ? 0 : 1],
    };
  };
  const readOnly = read('readOnlyHint');
  const destructive = read('destructiveHint');
  const idempotent = read('idempotentHint');
  const openWorld = read('openWorldHint');
  const contradictory = readOnly.value && destructive.source === 'declared' && destructive.value;
  if (contradictory)
    problems.push(
      'contradictory: read-only and destructive at once (destructiveHint only applies to tools that write)',
    );
  const hints = readOnly.value
    ? [readOnly, ...(contradictory ? [destructive] : []), openWorld]
    : [readOnly, destructive, idempotent, openWorld];
  return {
    hints,
    all: [readOnly, destructive, idempotent, openWorld],
    contradictory,
    problems,
    absent: annotations === undefined,
  };
}

/** Whether a tool claims to be read-only without contradicting itself (for the approval policy). */
export function claimsReadOnly(annotations: unknown): boolean {
  const reading = readAnnotations(annotations);
  return !reading.contradictory && reading.hints[0]?.source === 'declared' && reading.hints[0].value;
}
