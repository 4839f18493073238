import { MAX_SUMMARY_TOOLS, type RecordingCalls } from '#shared/recordings.ts';

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
