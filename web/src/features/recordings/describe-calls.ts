import { MAX_SUMMARY_TOOLS, type RecordingCalls, type RecordingGap } from '#shared/recordings.ts';

/**
 * What a recording holds, in its Recordings row: "3 calls: echo, get_weather", or "no calls". Undefined for a
 * recording stored before calls were counted (nothing is known, so nothing is claimed).
 */
export function describeCalls(calls: RecordingCalls | undefined): string | undefined {
  if (!calls) return undefined;
  if (calls.count === 0) return 'no calls';
  // The bridge keeps the first few names only: say so rather than pass the list off as whole.
  const names = calls.tools.join(', ') + (calls.tools.length >= MAX_SUMMARY_TOOLS ? ', …' : '');
  return `${calls.count} ${calls.count === 1 ? 'call' : 'calls'}${names ? `: ${names}` : ''}`;
}

/**
 * What an interrupted recording lacks, for its "Interrupted" mark: "Not recorded while the store was
 * away: 120 frames, 2 bridge events". Gaps the bridge could not describe still say the recording is incomplete.
 */
export function describeGaps(gaps: readonly RecordingGap[]): string {
  const frames = gaps.reduce((sum, gap) => sum + gap.frames, 0);
  const events = gaps.reduce((sum, gap) => sum + gap.events, 0);
  const parts = [frames && plural(frames, 'frame'), events && plural(events, 'bridge event')].filter(Boolean);
  return `Not recorded while the recordings store did not answer: ${parts.length ? parts.join(', ') : 'part of the connection'}`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
