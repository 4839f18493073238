import type { RecordingStatus } from '#shared/recordings.ts';
import { openRecordings } from '../../bridge.ts';
import type { RecordingLibrary } from '../../recordings/recording-library.ts';
import type { HostedConfig } from '../config/load-config.ts';
import { hit } from '../limits/connection-slots.ts';
import type { HostedLogs } from '../ops/logging.ts';
import type { HostedMetrics } from '../ops/metrics.ts';
import { OwnedRecordings } from './owned-recordings.ts';

/** A hosted bridge's recordings: the store, its status, and the owners' view of it. */
export interface HostedStore {
  recordings: RecordingLibrary | undefined;
  status: RecordingStatus;
  owned: OwnedRecordings | undefined;
}

/**
 * Opens the recordings store the config names (PostgreSQL, else the SQLite `recordingsFile`), held
 * to the config's limits per user and per frame. A store named but not usable stops the start (an
 * operator expects recordings, owners and share links, not a team server quietly recording
 * nothing); a store lost later shows in /readyz.
 */
export async function openHostedStore(
  config: HostedConfig,
  recordingsFile: string | undefined,
  logs: HostedLogs,
  metrics: HostedMetrics,
): Promise<HostedStore> {
  const { log } = logs;
  const databaseUrl = config.store.record ? config.store.databaseUrl : undefined;
  const { recordings, status } = await openRecordings(
    {
      recordingsFile: databaseUrl ? undefined : recordingsFile,
      databaseUrl,
      retentionDays: config.store.retentionDays,
    },
    (line, level = 'info') => log[level](line),
  );
  if ((recordingsFile || databaseUrl) && !recordings)
    throw new Error(`Cannot start: the recordings store: ${status.problem}`);
  if (recordings && config.limits.recordingBytesPerUser > 0)
    recordings.limitPerUser(
      config.limits.recordingBytesPerUser,
      hit(
        'recordingBytesPerUser',
        config.limits.recordingBytesPerUser,
        'recording of this connection stopped (it goes on, unrecorded; your oldest ended recordings were deleted first); delete recordings you no longer need, or ask your admin',
      ).message,
    );
  recordings?.timeWrites(metrics.observeStoreWrite);
  recordings?.holdDuringOutage(config.store.outageBufferBytes);
  if (recordings && config.limits.recordedFrameBytes > 0)
    recordings.keepFramesUpTo(config.limits.recordedFrameBytes, 'limits.recordedFrameBytes');
  return { recordings, status, owned: recordings && new OwnedRecordings(recordings) };
}
