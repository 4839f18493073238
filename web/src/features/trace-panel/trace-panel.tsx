import { useMemo, useState } from 'react';
import type { Frame } from '#shared/bridge-protocol.ts';

import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { EMPTY_FILTER, TraceSearch, type TraceFilter } from '#client/trace/trace-filter.ts';
import { panelClass, panelHeaderClass } from '../../ui/field-classes.ts';
import { VirtualList } from '../../ui/virtual-list.tsx';
import { TraceFilterBar } from './trace-filter-bar.tsx';
import { startsConnection, TraceRow, TRACE_ROW_HEIGHT } from './trace-row.tsx';
import { FrameDetail } from './frame-detail.tsx';
import { RepeatCollapse } from './repeat-collapse.ts';
import { foldSetups, setupIdOf } from './setup-fold.ts';
import { SetupRow } from './setup-row.tsx';
import type { TraceRounds } from '#client/trace/trace-rounds.ts';
import type { FramePair } from '#client/trace/trace-pairs.ts';

const headerButton = 'text-xs font-normal text-indigo-600 hover:underline dark:text-indigo-400';

/** Every JSON-RPC frame of the session: filter, pair, inspect, copy, pause, clear. Virtualised. */
export function TracePanel() {
  const { session, replay, history } = useServices();
  const snapshot = useStore(session.trace, (s) => s);
  const [filter, setFilter] = useState<TraceFilter>(EMPTY_FILTER);
  const [pausedAt, setPausedAt] = useState<number>();
  const [selectedSeq, setSelectedSeq] = useState<number>();
  // The connect setups the user opened (by span id); the others show as one row each.
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggleSetup = (id: number) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  // Selecting a frame of a folded setup ("Go to request") opens that setup, so the frame's row shows.
  const select = (seq: number | undefined) => {
    setSelectedSeq(seq);
    const span = seq === undefined ? undefined : session.trace.setups.of(seq);
    if (span && !expanded.has(span.id)) toggleSetup(span.id);
  };
  const restoredCalls = useStore(history, (s) => s.calls.some((call) => call.restored));
  const search = useMemo(() => new TraceSearch(), []);
  // A new connection closes the open frame: a frame of the old one must not read as current.
  // (Adjusted while rendering, as React advises for state that follows a prop, not in an effect.)
  const status = useStore(session.state, (s) => s.status);
  const [seenStatus, setSeenStatus] = useState(status);
  if (status !== seenStatus) {
    setSeenStatus(status);
    if (status === 'connecting') setSelectedSeq(undefined);
  }

  const frames = snapshot.frames;
  const visibleCount = pausedAt ?? frames.length;
  // `update` rescans only new frames while the filter object is unchanged.
  const indices = useMemo(
    () => upTo(search.update(frames, filter), visibleCount),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [frames, snapshot.version, filter, visibleCount, search],
  );
  // Runs of identical notifications show as one row, "×5" (the header still counts every frame).
  const repeats = useMemo(() => new RepeatCollapse(), []);
  const rows = useMemo(() => repeats.collapse(frames, indices), [repeats, frames, indices]);
  // A filter looks for frames: it shows them, setup frames included, without the fold.
  const filtering = isFiltering(filter);
  const folded = useMemo(
    () =>
      filtering
        ? { items: rows.indices, spans: new Map() }
        : foldSetups(frames, rows.indices, (seq) => session.trace.setups.of(seq), expanded),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, frames, snapshot.version, filtering, expanded, session],
  );
  // Nothing but folded setup rows (or no frame at all): the hint under the filters stays.
  // Only an empty trace says what will come: a setup row is already a frame to read.
  const empty = frames.length === 0;
  const methods = useStore(session.trace, () => session.trace.methodList);
  const selected = selectedSeq === undefined ? undefined : frameBySeq(frames, selectedSeq);
  // The open frame's row stays in view above its detail (which takes the lower part of the panel).
  const selectedRow = useMemo(
    () =>
      selectedSeq === undefined
        ? undefined
        : folded.items.findIndex((index) => index >= 0 && frames[index]!.seq === selectedSeq),
    [folded, frames, selectedSeq],
  );

  const copyShown = () => {
    const shown = indices.map((index) => frames[index]);
    void navigator.clipboard?.writeText(JSON.stringify(shown, null, 2));
  };
  const clear = () => {
    session.trace.clear();
    search.reset();
    repeats.reset();
    setSelectedSeq(undefined);
    setExpanded(new Set());
    setPausedAt(undefined);
  };

  return (
    <section
      className={`${panelClass} min-h-0`}
      aria-label="Trace"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && selectedSeq !== undefined) setSelectedSeq(undefined);
      }}
    >
      <div className={panelHeaderClass}>
        Trace
        <span className="rounded-full bg-slate-200 px-2 text-xs font-medium dark:bg-slate-800">
          {indices.length === frames.length ? frames.length : `${indices.length} / ${frames.length}`}
        </span>
        {pausedAt !== undefined && <span className="text-xs font-normal text-amber-600">paused</span>}
        <span className="ml-auto flex gap-3">
          {/* A replay's trace is the recording itself: nothing to pause or clear, only to read and copy. */}
          {!replay && (
            <button
              type="button"
              className={headerButton}
              aria-pressed={pausedAt !== undefined}
              onClick={() => setPausedAt(pausedAt === undefined ? frames.length : undefined)}
            >
              {pausedAt === undefined ? 'Pause' : 'Resume'}
            </button>
          )}
          <button type="button" className={headerButton} onClick={copyShown}>
            Copy shown
          </button>
          {!replay && (
            <button type="button" className={headerButton} onClick={clear}>
              Clear
            </button>
          )}
        </span>
      </div>
      <TraceFilterBar filter={filter} onChange={setFilter} methods={methods} />
      {/* An empty trace says what will come; History keeps calls across a reload, the
          trace does not: say where their frames went. */}
      {!replay && ((empty && !filtering) || restoredCalls) && (
        <p className="px-2 py-1 text-xs text-slate-500 dark:text-slate-400">
          {empty && !filtering && 'Frames appear here as the page and the server talk. '}
          {restoredCalls && 'Frames of earlier connections are in Recordings.'}
        </p>
      )}
      <VirtualList
        label="Frames"
        className="flex-1 font-mono text-xs @container"
        items={folded.items}
        rowHeight={TRACE_ROW_HEIGHT}
        // An open frame keeps its row in view: new frames arriving below must not slide it out from
        // above its detail, where the detail would read as another row's.
        stickToBottom={pausedAt === undefined && selectedSeq === undefined}
        revealIndex={selectedRow}
        renderRow={(index) => {
          const setupId = setupIdOf(index);
          if (setupId !== undefined) {
            const span = folded.spans.get(setupId)!;
            const first = frameBySeq(frames, span.seqs[0]!);
            return (
              <SetupRow
                key={`setup-${setupId}`}
                span={span}
                open={expanded.has(setupId)}
                startsConnection={first !== undefined && startsConnection(first)}
                onToggle={() => toggleSetup(setupId)}
              />
            );
          }
          const frame = frames[index]!;
          const pair = session.trace.pairs.of(frame.seq);
          return (
            <TraceRow
              key={frame.seq}
              frame={frame}
              pair={pair}
              answers={answeredMethod(frames, frame, pair)}
              probe={session.trace.setups.probedAt(frame.seq)}
              times={rows.counts.get(frame.seq)}
              round={roundLabel(session.trace.rounds, frame.seq)}
              selected={frame.seq === selectedSeq}
              inSetup={!filtering && folded.spans.has(session.trace.setups.of(frame.seq)?.id ?? -1)}
              onSelect={() => select(frame.seq === selectedSeq ? undefined : frame.seq)}
            />
          );
        }}
      />
      {selected && (
        <FrameDetail
          frame={selected}
          pair={session.trace.pairs.of(selected.seq)}
          answers={answeredMethod(frames, selected, session.trace.pairs.of(selected.seq))}
          probe={session.trace.setups.probedAt(selected.seq)}
          onGoTo={select}
          onClose={() => setSelectedSeq(undefined)}
        />
      )}
    </section>
  );
}

/** True when the filter hides some frames (anything but EMPTY_FILTER's values). */
function isFiltering(filter: TraceFilter): boolean {
  return (
    filter.text.trim() !== '' ||
    filter.direction !== 'any' ||
    filter.errorsOnly ||
    filter.method !== '' ||
    filter.origin !== undefined
  );
}

/** The sorted indices below `count`, without copying when all of them are (the live, unpaused case). */
function upTo(indices: number[], count: number): number[] {
  if (!indices.length || indices[indices.length - 1]! < count) return indices;
  let low = 0;
  let high = indices.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (indices[mid]! < count) low = mid + 1;
    else high = mid;
  }
  return indices.slice(0, low);
}

/** Frames are numbered consecutively, so a frame is found by arithmetic, not by scanning 100,000. */
function frameBySeq(frames: readonly Frame[], seq: number): Frame | undefined {
  const guess = frames[seq - (frames[0]?.seq ?? 0)];
  return guess?.seq === seq ? guess : frames.find((frame) => frame.seq === seq);
}

/**
 * The method of the request an answer answers ("tools/call → result #1"): pairing by eye is not needed, and the
 * page's "result #0" to the server's roots/list does not read like the answer to the page's own request #0.
 */
function answeredMethod(frames: readonly Frame[], frame: Frame, pair: FramePair | undefined) {
  if (!pair || pair.responseSeq !== frame.seq) return undefined;
  const method = (frameBySeq(frames, pair.requestSeq)?.message as { method?: unknown } | undefined)?.method;
  return typeof method === 'string' ? method : undefined;
}

/**
 * "request k of n" for a frame of a multi round-trip call (its k-th request, sent again with the answers the
 * server asked for, or that request's answer), undefined for any other frame.
 */
function roundLabel(rounds: TraceRounds, seq: number): string | undefined {
  const info = rounds.of(seq);
  return info && `request ${info.round} of ${rounds.roundsOf(info.exchangeSeq)}`;
}
