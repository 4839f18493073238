import { toFrameTexts, type RecordingStore } from '../recordings/recording-store.ts';
import type { RecordingSummary } from '#shared/recordings.ts';

/** Frames and events written to the destination per call (one transaction each). */
const BATCH = 1000;

/** What a copy did, recording by recording. */
export interface CopyCounts {
  /** Recordings written to the destination, with their frames and events. */
  copied: number;
  frames: number;
  events: number;
  /** Recordings the destination already held whole: left as they are. */
  alreadyThere: number;
  /** Recordings still being written at the source (a bridge runs them): left for a later copy. */
  stillOpen: number;
}

/**
 * Copies every ended recording of `from` into `to` (SQLite to PostgreSQL, or back), with its frames,
 * events, owner, name, share link, call summary and gaps. Running it again copies only what is new:
 * a recording the destination holds whole (ended, with as many frames) is skipped, and one a broken
 * earlier copy left unfinished there is copied again. A recording is ended at the destination last,
 * so one that is ended there is whole. Recordings still open at the source are counted, not copied.
 */
export async function copyRecordings(
  from: RecordingStore,
  to: RecordingStore,
  progress: (summary: RecordingSummary) => void = () => {},
): Promise<CopyCounts> {
  const counts: CopyCounts = { copied: 0, frames: 0, events: 0, alreadyThere: 0, stillOpen: 0 };
  // What crashed bridges left open is ended first, as a starting bridge would.
  await from.endAbandoned();
  const recordings = (await from.list()).reverse();
  for (const summary of recordings) {
    if (summary.endedAt === undefined) {
      counts.stillOpen++;
      continue;
    }
    const there = await to.get(summary.id);
    if (there && there.endedAt !== undefined && there.frameCount === summary.frameCount) {
      counts.alreadyThere++;
      continue;
    }
    if (there) await to.delete(summary.id);
    progress(summary);
    const written = await copyOne(from, to, summary);
    counts.copied++;
    counts.frames += written.frames;
    counts.events += written.events;
  }
  return counts;
}

async function copyOne(
  from: RecordingStore,
  to: RecordingStore,
  summary: RecordingSummary,
): Promise<{ frames: number; events: number }> {
  const { id } = summary;
  const userName = (await from.userNameOf(id)) ?? null;
  await to.create({ id, name: summary.name, target: summary.target, startedAt: summary.startedAt, userName });
  // Stored frames and events are already scrubbed of secrets: they are copied as they are.
  const frames = await from.frames(id);
  const events = await from.events(id);
  for (let i = 0; i < Math.max(frames.length, events.length); i += BATCH)
    await to.appendTexts(id, toFrameTexts(frames.slice(i, i + BATCH)), events.slice(i, i + BATCH), i);
  if (summary.calls) await to.setCalls(id, summary.calls);
  if (summary.gaps) await to.setGaps(id, summary.gaps);
  if (summary.shareId) await to.setShareId(id, summary.shareId);
  await to.end(id, summary.endedAt!);
  return { frames: frames.length, events: events.length };
}
