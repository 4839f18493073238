import type { Frame } from '#shared/bridge-protocol.ts';
import type { FramePair } from '#client/trace/trace-pairs.ts';
import { formatDuration } from '../result/outcome-badge.tsx';
import { FrameWire } from './frame-wire.tsx';
import { describeFrame, formatTime } from './describe-frame.ts';
import { BRIDGE_LATENCY, DIRECTION_ARROWS, DIRECTION_NAMES, ORIGIN_MARKS } from './trace-row.tsx';
import { duringText } from '#client/session/call-origins.ts';

/** Above this size the detail shows the start of the frame only; Copy still copies all of it. */
const MAX_SHOWN_CHARS = 200_000;

/**
 * The whole selected frame as JSON, with what the wire said beside it (HTTP, envelope, resultType),
 * copy, a jump to its request or response, and a close button (Escape in the trace closes it too).
 */
export function FrameDetail({
  frame,
  pair,
  onGoTo,
  onClose,
  answers,
  probe,
}: {
  frame: Frame;
  /** False when the frame's connect knew its era (its `server/discover` is no probe). */
  probe?: boolean;
  /** For an answer: the method of the request it answers, as its row says. */
  answers?: string;
  pair: FramePair | undefined;
  onGoTo: (seq: number) => void;
  onClose: () => void;
}) {
  // Named as its row is ("← tools/call → result #1", read "tools/call → result #1, received"), so the detail
  // and the list speak alike; the arrow says the direction, so the title keeps its room at 1280.
  const label = describeFrame(frame, answers, probe).label;
  const direction = DIRECTION_NAMES[frame.direction];
  const text = frame.message ? JSON.stringify(frame.message, null, 2) : (frame.raw ?? '');
  const shown = text.length > MAX_SHOWN_CHARS ? text.slice(0, MAX_SHOWN_CHARS) : text;
  const other = pair && (pair.requestSeq === frame.seq ? pair.responseSeq : pair.requestSeq);
  return (
    <div
      aria-label="Frame detail"
      role="group"
      className="flex h-[60%] min-h-24 shrink-0 flex-col border-t border-slate-200 dark:border-slate-800"
    >
      {/* The header wraps rather than cut the frame's name ("tools/call → result #2") at 1280. */}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5 px-2 py-1 text-xs">
        <span
          className="min-w-0 truncate font-semibold whitespace-nowrap"
          title={`Frame ${frame.seq} of the trace, ${direction} at ${formatTime(frame.time)}`}
        >
          <span aria-hidden className={`font-normal ${DIRECTION_ARROWS[frame.direction][1]}`}>
            {DIRECTION_ARROWS[frame.direction][0]}{' '}
          </span>
          {label}
          <span className="sr-only">, {direction}</span>
        </span>
        {frame.origin && (
          <span className="shrink-0 whitespace-nowrap text-fuchsia-800 dark:text-fuchsia-300">
            {ORIGIN_MARKS[frame.origin].spoken}
          </span>
        )}
        {frame.during && (
          <span
            className="shrink-0 whitespace-nowrap text-fuchsia-800 dark:text-fuchsia-300"
            title="Inferred: it arrived while that call was the only one in flight"
          >
            {duringText(frame.during)}
          </span>
        )}
        {frame.error && <span className="min-w-0 truncate text-red-600">{frame.error}</span>}
        {pair && (
          <span
            className="shrink-0 whitespace-nowrap text-slate-500"
            title={`${BRIDGE_LATENCY}. A Result's figure is longer: it runs from Call to the result in the page.`}
          >
            {formatDuration(pair.latencyMs)} at the bridge
          </span>
        )}
        {other !== undefined && (
          <button
            type="button"
            className="shrink-0 whitespace-nowrap text-indigo-600 hover:underline dark:text-indigo-400"
            // The visible word is short so the header keeps one line at 1280.
            aria-label={pair?.requestSeq === frame.seq ? 'Go to response' : 'Go to request'}
            title={pair?.requestSeq === frame.seq ? 'Go to response' : 'Go to request'}
            onClick={() => onGoTo(other)}
          >
            {pair?.requestSeq === frame.seq ? 'Response' : 'Request'}
          </button>
        )}
        <button
          type="button"
          className="ml-auto shrink-0 whitespace-nowrap text-indigo-600 hover:underline dark:text-indigo-400"
          // "Copy" on screen keeps the header one line at 1280; the name says what it copies.
          aria-label="Copy frame"
          title="Copy frame"
          onClick={() => void navigator.clipboard?.writeText(text)}
        >
          Copy
        </button>
        <button
          type="button"
          aria-label="Close frame detail"
          title="Close (Esc)"
          className="shrink-0 rounded px-1.5 text-base leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:hover:bg-slate-800 dark:hover:text-slate-200"
          onClick={onClose}
        >
          ×
        </button>
      </div>
      <FrameWire frame={frame} />
      <pre className="min-h-0 flex-1 overflow-auto bg-slate-50 px-3 py-2 font-mono text-xs [overflow-wrap:anywhere] whitespace-pre-wrap dark:bg-slate-950">
        {shown}
        {shown.length < text.length &&
          `\n… ${text.length - shown.length} more characters (Copy frame copies all)`}
      </pre>
    </div>
  );
}
