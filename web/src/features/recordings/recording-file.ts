import type { RecordingSnapshot } from '#shared/recordings.ts';
import { describeTarget } from '#shared/targets.ts';
import { SESSION_FILE_FORMAT, SESSION_FILE_VERSION } from '#shared/session-file-schema.ts';
import type { SessionFile } from '../../replay/session-file.ts';
import { ReplayBuilder } from '../../replay/replay-builder.ts';
import { CallOrigins } from '#client/session/call-origins.ts';

/** The label calls of a recording carry as their server (as the live page labels them). */
export function recordingServerLabel(snapshot: RecordingSnapshot): string {
  const { target, name } = snapshot.recording;
  return target ? describeTarget(target) : name;
}

/**
 * A recording as a session file, so the replay view and "Export session" work on it unchanged.
 * The recording's target is already redacted by the bridge.
 */
export function recordingToSessionFile(
  snapshot: RecordingSnapshot,
  builder = new ReplayBuilder(recordingServerLabel(snapshot)),
  origins = new CallOrigins(),
): SessionFile {
  // The bridge kept who asked for each call on its request; its answer, progress and server requests
  // are marked here, as the live page marked them.
  const frames = snapshot.frames.map((frame) => origins.mark(frame));
  for (const frame of frames) builder.add(frame);
  const { recording } = snapshot;
  return {
    format: SESSION_FILE_FORMAT,
    version: SESSION_FILE_VERSION,
    exportedAt: new Date(recording.endedAt ?? recording.startedAt).toISOString(),
    redacted: true,
    target: recording.target,
    server: builder.server ?? null,
    tools: builder.tools,
    frames,
    calls: builder.calls,
    log: snapshot.events,
  };
}
