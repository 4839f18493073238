import type { Frame } from '#shared/bridge-protocol.ts';
import type { ServerTarget } from '#shared/targets.ts';
import type { EraProbe } from '../era/era-negotiation.ts';
import type { ServerDetails } from '../era/server-details.ts';

/**
 * The frames one connect sent and received before it was ready (Auto's probe and liveness check, the legacy
 * handshake, the list subscription, the first tool list): the trace folds them into one row. Membership is
 * what the session marks (the frames between its connect's start and end, and the late answers to them), not
 * a list of methods, so a connect that sends fewer or other frames folds the same way.
 */
export interface SetupSpan {
  /** Numbers the connects of one trace, from 0. */
  id: number;
  /** The trace seq of each member frame, in order. */
  seqs: number[];
  firstTime: number;
  /**
   * The time of its last frame before the connect was ready. A late answer (the list subscription's, which
   * comes when the stream ends) folds into the row but does not stretch its figure: a replay, which has those
   * answers, then says what live said.
   */
  lastTime: number;
  /** How the connect chose its protocol ("Auto chose 2026-07-28"), once it is ready. */
  note?: string;
  /** True once the connect is ready: only then does the trace fold it (a failed connect stays unfolded). */
  done: boolean;
  /**
   * Auto probed for the era in this connect, so `server/discover`'s answer is "Auto's probe"; false when the era
   * was known, remembered or chosen, or (in a replay) nothing in the recording shows a probe.
   */
  probed: boolean;
}

/** The setup spans of a trace, kept as frames arrive: O(1) per frame. */
export class TraceSetups {
  private readonly spans = new Map<number, SetupSpan>();
  private readonly bySeq = new Map<number, SetupSpan>();
  private open: SetupSpan | undefined;
  private nextId = 0;

  /** A connect starts: every frame from now until `end` or `drop` is part of its setup. */
  begin(): number {
    if (this.open) this.drop(this.open.id);
    const span: SetupSpan = {
      id: this.nextId++,
      seqs: [],
      firstTime: 0,
      lastTime: 0,
      done: false,
      probed: false,
    };
    this.spans.set(span.id, span);
    this.open = span;
    return span.id;
  }

  /** Auto sends its probe in this connect (it did not know the era). */
  noteProbe(id: number): void {
    const span = this.spans.get(id);
    if (span) span.probed = true;
  }

  /**
   * Whether the connect a frame belongs to probed (open or ready), for its rows' words; undefined for a frame of
   * no known connect (a failed one: its rows keep saying "(probe)").
   */
  probedAt(seq: number): boolean | undefined {
    return this.bySeq.get(seq)?.probed;
  }

  /** The connect is ready: its frames fold into one row, described by `note`. */
  end(id: number, note: string | undefined): void {
    const span = this.spans.get(id);
    if (!span) return;
    if (this.open === span) this.open = undefined;
    if (span.seqs.length === 0) return this.drop(id);
    span.done = true;
    span.note = note;
  }

  /** The connect failed or was replaced: its frames stay on their own rows, where its error shows. */
  drop(id: number): void {
    const span = this.spans.get(id);
    if (!span) return;
    if (this.open === span) this.open = undefined;
    this.spans.delete(id);
    for (const seq of span.seqs) this.bySeq.delete(seq);
  }

  /**
   * Notes a new frame: it joins the connect being set up, or, arriving later, the setup whose request it
   * answers (`requestSeq`, from the trace's pairs).
   */
  add(frame: Frame, requestSeq: number | undefined): void {
    const span = this.open ?? (requestSeq === undefined ? undefined : this.bySeq.get(requestSeq));
    if (!span || frame.direction === 'to-view' || frame.direction === 'from-view') return;
    if (span.seqs.length === 0) span.firstTime = frame.time;
    span.seqs.push(frame.seq);
    if (!span.done) span.lastTime = Math.max(span.lastTime, frame.time);
    this.bySeq.set(frame.seq, span);
  }

  /** The finished setup a frame belongs to, if any. */
  of(seq: number): SetupSpan | undefined {
    const span = this.bySeq.get(seq);
    return span?.done ? span : undefined;
  }

  /**
   * A replay's setup, found in its recording (`recordedSetup`): folded at once, as a ready connect's, its figure
   * ending at `readyTime` (its last frame before it was ready, as live), not at a late answer.
   */
  restore(frames: readonly Frame[], note: string | undefined, probed: boolean, readyTime?: number): void {
    if (frames.length === 0) return;
    const id = this.begin();
    for (const frame of frames) this.add(frame, undefined);
    this.end(id, note);
    const span = this.spans.get(id);
    if (!span) return;
    span.probed = probed;
    if (readyTime !== undefined) span.lastTime = readyTime;
  }

  clear(): void {
    this.spans.clear();
    this.bySeq.clear();
    this.open = undefined;
  }
}

/**
 * How a ready connect got its protocol, for its setup row: "Auto chose 2026-07-28", "2026-07-28 (remembered)"
 * (Auto's verdict of an earlier connect), "2026-07-28 (known)" (the built-in demo), "legacy era, 2025-11-25".
 */
export function setupNote(state: {
  target: ServerTarget | undefined;
  server: ServerDetails | undefined;
  eraProbe: EraProbe | undefined;
}): string | undefined {
  const revision = state.server?.protocolVersion;
  if (!revision || revision === 'unknown') return undefined;
  if ((state.target?.era ?? 'auto') !== 'auto') return `${state.server?.era ?? 'legacy'} era, ${revision}`;
  switch (state.eraProbe?.source) {
    case 'remembered':
      return `${revision} (remembered)`;
    case 'known':
      // The bridge told the page the era (its built-in demo): nothing was probed, so nothing was "chosen".
      return `${revision} (known)`;
    default:
      return `Auto chose ${revision}`;
  }
}
