import type { CallOutcome } from '#client/session/session-types.ts';

interface Look {
  label: string;
  className: string;
}

const NEUTRAL = 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300';

// Keyed by string, not CallStatus: a status added later still gets a badge (the neutral look).
const LOOKS: Record<string, Look> = {
  ok: { label: 'OK', className: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' },
  'tool-error': {
    label: 'Tool error',
    className: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300',
  },
  'protocol-error': {
    label: 'Protocol error',
    className: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  },
  cancelled: { label: 'Cancelled', className: NEUTRAL },
  'timed-out': {
    label: 'Timed out',
    className: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-300',
  },
  denied: { label: 'Denied', className: NEUTRAL },
};

/** A call that answered with output its own outputSchema refuses: a green "OK" beside the violation would contradict it. */
const INVALID_OUTPUT: Look = {
  label: 'Invalid output',
  className: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
};

/** A call that answered while its output is still being checked against its outputSchema: not "OK" yet. */
const CHECKING: Look = { label: 'Checking output', className: NEUTRAL };

/** The badge text and colours for a call status; unknown statuses get a readable neutral badge. */
export function outcomeLook(status: string): Look {
  return (
    LOOKS[status] ?? {
      label: status.replace(/[-_]+/g, ' ').replace(/^./, (c) => c.toUpperCase()),
      className: NEUTRAL,
    }
  );
}

/**
 * How a call ended, with its duration (`showDuration={false}` where the duration is shown elsewhere).
 * Tool errors and protocol errors look different on purpose.
 */
export function OutcomeBadge({
  outcome,
  showDuration = true,
  outputInvalid = false,
  namedDuration = false,
  outputChecking = false,
  atBridge = false,
}: {
  outcome: CallOutcome;
  showDuration?: boolean;
  /**
   * Say "round trip" after the duration, so it is not read as the trace's shorter figure "at the bridge".
   * Where rows repeat it (History), the tooltip says it instead.
   */
  namedDuration?: boolean;
  /** The call answered, but its structuredContent breaks the outputSchema: not "OK". */
  outputInvalid?: boolean;
  /** The call answered and its output is being checked: a green "OK" would flip to "Invalid output". */
  outputChecking?: boolean;
  /**
   * The figure was measured at the bridge (a recording's replay has no page time): say "at the bridge", the trace's
   * words, never "round trip".
   */
  atBridge?: boolean;
}) {
  const look =
    outcome.status !== 'ok'
      ? outcomeLook(outcome.status)
      : outputInvalid
        ? INVALID_OUTPUT
        : outputChecking
          ? CHECKING
          : outcomeLook(outcome.status);
  return (
    <span className="ml-auto flex items-center gap-2 text-xs font-normal">
      <span className={`rounded px-1.5 py-0.5 font-semibold whitespace-nowrap ${look.className}`}>
        {look.label}
      </span>
      {/* A denied call never ran, so it has no duration worth showing. */}
      {showDuration && outcome.status !== 'denied' && (
        <span
          className="whitespace-nowrap text-slate-500"
          title={atBridge ? bridgeDurationTooltip(outcome.durationMs) : durationTooltip(outcome.durationMs)}
        >
          {namedDuration
            ? `${formatDuration(outcome.durationMs)} ${atBridge ? AT_THE_BRIDGE : ROUND_TRIP}`
            : formatDuration(outcome.durationMs)}
        </span>
      )}
    </span>
  );
}

/** The glossary's word for a call's figure, beside the trace's "at the bridge". */
export const ROUND_TRIP = 'round trip';

/** What a call's figure measures, for its tooltip. */
export function durationTooltip(ms: number): string {
  return `${formatDuration(ms)} ${ROUND_TRIP}: from sending the call to its result in the page (approval not counted). The trace shows the shorter time between request and reply at the bridge.`;
}

/** The trace's word for a figure measured at the bridge, which is all a recording has. */
export const AT_THE_BRIDGE = 'at the bridge';

/** What a recorded call's figure measures, for its tooltip. */
export function bridgeDurationTooltip(ms: number): string {
  return `${formatDuration(ms)} ${AT_THE_BRIDGE}: from the call's request to its reply, as the bridge recorded them (a recording has no page time).`;
}

/** "4.2 ms", "380 ms", "1.25 s". */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms.toFixed(ms < 10 ? 1 : 0)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
