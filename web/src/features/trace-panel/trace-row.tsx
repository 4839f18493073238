import { memo } from 'react';
import type { Frame } from '#shared/bridge-protocol.ts';
import { duringText } from '#client/session/call-origins.ts';
import type { FramePair } from '#client/trace/trace-pairs.ts';
import { formatDuration } from '../result/outcome-badge.tsx';
import { describeFrame, formatTime } from './describe-frame.ts';

/** What a reply's figure measures (a Result's figure is longer: it runs from Call to the result in the page). */
export const BRIDGE_LATENCY = 'latency at the bridge: request to reply';

/** Fixed row height, so the trace can be virtualised. */
export const TRACE_ROW_HEIGHT = 24;

const KIND_COLORS = {
  request: 'text-indigo-700 dark:text-indigo-300',
  notification: 'text-slate-600 dark:text-slate-400',
  result: 'text-emerald-700 dark:text-emerald-400',
  error: 'text-red-600 dark:text-red-400',
  bad: 'text-red-600 dark:text-red-400',
} as const;

/** How a direction reads (MCP Apps: the page is the host of a View). */
export const DIRECTION_NAMES: Record<Frame['direction'], string> = {
  out: 'sent',
  in: 'received',
  'to-view': 'host → View',
  'from-view': 'View → host',
};
/** The arrow of each direction and its colour. */
export const DIRECTION_ARROWS: Record<Frame['direction'], [string, string]> = {
  out: ['→', 'text-sky-600'],
  in: ['←', 'text-violet-600'],
  'to-view': ['⇢', 'text-emerald-600'],
  'from-view': ['⇠', 'text-amber-600'],
};

/** The mark of a frame whose call a model or a View asked for, and how its row's name says so. */
export const ORIGIN_MARKS: Record<NonNullable<Frame['origin']>, { mark: string; spoken: string }> = {
  model: { mark: 'model', spoken: 'asked by the model' },
  view: { mark: 'View', spoken: 'asked by a View' },
};

/** One frame: time, direction, method (or what it answers), latency of its pair, size. */
export const TraceRow = memo(function TraceRow({
  frame,
  pair,
  selected,
  onSelect,
  round,
  answers,
  times,
  inSetup,
  probe,
}: {
  /** False when the frame's connect knew its era: its `server/discover` is no probe (see describeFrame). */
  probe?: boolean;
  /** The frame belongs to an opened connect setup: indented under its row. */
  inSetup?: boolean;
  /** How many identical notifications in a row this row stands for ("×5"). */
  times?: number;
  frame: Frame;
  /** For an answer: the method of the request it answers ("tools/call → result #1"). */
  answers?: string;
  pair: FramePair | undefined;
  /** "request 2 of 3" for the frames of a multi round-trip call. */
  round?: string;
  selected: boolean;
  onSelect: () => void;
}) {
  const { label, kind, preview, setup } = describeFrame(frame, answers, probe);
  const direction = DIRECTION_NAMES[frame.direction];
  const named = preview === undefined ? label : `${label}: ${preview}`;
  const origin = frame.origin && ORIGIN_MARKS[frame.origin];
  const during = frame.during && duringText(frame.during);
  const boundary = startsConnection(frame);
  return (
    <li style={{ height: TRACE_ROW_HEIGHT }} className={boundaryClass(boundary)}>
      <button
        type="button"
        aria-pressed={selected}
        aria-label={`${named}, ${direction}, ${origin ? `${origin.spoken}, ` : ''}${during ? `${during}, ` : ''}${times ? `${times} times, ` : ''}${formatTime(frame.time)}`}
        title={frame.error}
        className={`flex h-full w-full items-center gap-2 ${inSetup ? 'pr-2 pl-5' : 'px-2'} text-left hover:bg-slate-50 dark:hover:bg-slate-800 ${
          selected ? 'bg-indigo-50 dark:bg-indigo-950' : ''
        }`}
        onClick={onSelect}
      >
        {/* A narrow trace drops the milliseconds, so the method keeps its room (the detail has them). */}
        <span className="shrink-0 text-slate-400">
          {formatTime(frame.time).slice(0, 8)}
          <span className="hidden @[30rem]:inline">{formatTime(frame.time).slice(8)}</span>
        </span>
        {boundary && <NewConnectionChip />}
        <span aria-hidden className={DIRECTION_ARROWS[frame.direction][1]}>
          {DIRECTION_ARROWS[frame.direction][0]}
        </span>
        {(frame.direction === 'to-view' || frame.direction === 'from-view') && (
          <span
            title="View ↔ host: a message between this page (the host) and an MCP App's View; it never reaches the server"
            className="shrink-0 rounded bg-amber-100 px-1 text-[10px] text-amber-900 dark:bg-amber-950 dark:text-amber-300"
          >
            View
          </span>
        )}
        {/* Auto's probes are expected, even when refused: grey, so a healthy connect shows no red row. */}
        <span
          title={named}
          className={`min-w-0 truncate ${setup ? 'text-slate-500 dark:text-slate-400' : KIND_COLORS[kind]}`}
        >
          {label}
          {preview !== undefined && <span className="text-slate-600 dark:text-slate-300">: {preview}</span>}
        </span>
        {origin && (
          <span
            title={`This call was ${origin.spoken}`}
            className="shrink-0 rounded bg-fuchsia-100 px-1 text-[10px] text-fuchsia-900 dark:bg-fuchsia-950 dark:text-fuchsia-300"
          >
            {origin.mark}
          </span>
        )}
        {frame.during && (
          <span
            title={`Arrived ${during}, the only call in flight (inferred: the request names no call)`}
            className="shrink-0 rounded border border-dashed border-fuchsia-400 px-1 text-[10px] text-fuchsia-900 dark:text-fuchsia-300"
          >
            during {ORIGIN_MARKS[frame.during.origin].mark}
          </span>
        )}
        {times && (
          <span
            aria-hidden
            title={`${times} identical frames in a row, folded into this one`}
            className="shrink-0 rounded bg-slate-200 px-1 text-[10px] text-slate-700 dark:bg-slate-700 dark:text-slate-200"
          >
            ×{times}
          </span>
        )}
        {frame.synthetic && <span className="shrink-0 text-amber-600">bridge</span>}
        {frame.http?.response && frame.http.response.status >= 300 && (
          <span className="shrink-0 text-red-600 dark:text-red-400" title="HTTP status of the answer">
            HTTP {frame.http.response.status}
          </span>
        )}
        {round && (
          <span className="shrink-0 rounded bg-amber-50 px-1 text-amber-800 dark:bg-amber-950 dark:text-amber-300">
            {round}
          </span>
        )}
        <span className="ml-auto shrink-0 text-slate-400">
          {pair && pair.responseSeq === frame.seq && (
            <span title={`${formatDuration(pair.latencyMs)}: ${BRIDGE_LATENCY}`}>
              {formatDuration(pair.latencyMs)} ·{' '}
            </span>
          )}
          {formatBytes(frame.bytes)}
        </span>
      </button>
    </li>
  );
});

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * True when this frame starts another connection: the bridge numbers each connection's frames from 0, so a 0
 * after the trace's first frame is a new one. Frames between the page and an MCP App's View never pass the
 * bridge (their bridgeSeq says nothing).
 */
export function startsConnection(frame: Frame): boolean {
  const viaBridge = frame.direction === 'out' || frame.direction === 'in';
  return viaBridge && frame.bridgeSeq === 0 && frame.seq > 0;
}

/** The dashed line above a row that starts a connection (a frame's row, or the setup row standing for it). */
export function boundaryClass(startsConnection: boolean): string | undefined {
  return startsConnection ? 'border-t-2 border-dashed border-slate-300 dark:border-slate-600' : undefined;
}

/** The chip on the row that starts a connection. */
export function NewConnectionChip() {
  return (
    <span className="shrink-0 rounded bg-slate-200 px-1 text-[10px] text-slate-700 dark:bg-slate-700 dark:text-slate-200">
      new connection
    </span>
  );
}
