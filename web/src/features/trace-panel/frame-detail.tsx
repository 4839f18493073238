import type { Frame } from '#shared/bridge-protocol.ts';
import type { FramePair } from '../../mcp/trace-pairs.ts';
import { formatDuration } from '../result/outcome-badge.tsx';
import { FrameWire } from './frame-wire.tsx';

/** Above this size the detail shows the start of the frame only; Copy still copies all of it. */
const MAX_SHOWN_CHARS = 200_000;

/**
 * The whole selected frame as JSON, with what the wire said beside it (HTTP, envelope, resultType),
 * copy and a jump to its request or response.
 */
export function FrameDetail({
  frame,
  pair,
  onGoTo,
}: {
  frame: Frame;
  pair: FramePair | undefined;
  onGoTo: (seq: number) => void;
}) {
  const text = frame.message ? JSON.stringify(frame.message, null, 2) : (frame.raw ?? '');
  const shown = text.length > MAX_SHOWN_CHARS ? text.slice(0, MAX_SHOWN_CHARS) : text;
  const other = pair && (pair.requestSeq === frame.seq ? pair.responseSeq : pair.requestSeq);
  return (
    <div
      aria-label="Frame detail"
      role="group"
      className="flex h-[60%] min-h-24 shrink-0 flex-col border-t border-slate-200 dark:border-slate-800"
    >
      <div className="flex items-center gap-3 px-2 py-1 text-xs">
        <span className="font-semibold">Frame #{frame.seq}</span>
        {frame.error && <span className="text-red-600">{frame.error}</span>}
        {pair && <span className="text-slate-500">latency {formatDuration(pair.latencyMs)}</span>}
        {other !== undefined && (
          <button
            type="button"
            className="text-indigo-600 hover:underline dark:text-indigo-400"
            onClick={() => onGoTo(other)}
          >
            {pair?.requestSeq === frame.seq ? 'Go to response' : 'Go to request'}
          </button>
        )}
        <button
          type="button"
          className="ml-auto text-indigo-600 hover:underline dark:text-indigo-400"
          onClick={() => void navigator.clipboard?.writeText(text)}
        >
          Copy frame
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
