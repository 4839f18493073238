import type { BaselineFile } from '#shared/baseline-file.ts';
import type { RecordingSnapshot } from '#shared/recordings.ts';
import { baselineFromCalls } from '#client/baseline/baseline-from-calls.ts';
import { recordingToSessionFile } from './recording-file.ts';

/**
 * A recording's tool calls and their answers as a baseline for `toolscope check --baseline`: the calls
 * the recording holds, each distinct call once (repeats that were answered differently make those places
 * volatile); calls with no answer (denied, cancelled) are left out. Undefined when none was answered.
 */
export function baselineFromRecording(snapshot: RecordingSnapshot): BaselineFile | undefined {
  const file = recordingToSessionFile(snapshot);
  const server = file.server;
  const baseline = baselineFromCalls(file.calls, {
    savedAt: new Date(snapshot.recording.endedAt ?? snapshot.recording.startedAt).toISOString(),
    ...(server
      ? {
          server: {
            name: server.info.name,
            version: server.info.version,
            protocolVersion: server.protocolVersion,
          },
        }
      : {}),
  });
  return baseline.calls.length ? baseline : undefined;
}

/** A file name for a recording's baseline: its name in safe characters. */
export function baselineFileName(recordingName: string): string {
  const base =
    recordingName
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'recording';
  return `${base}.baseline.json`;
}
