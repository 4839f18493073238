import { stat } from 'node:fs/promises';
import type { AdminOverview, AdminRecording, AdminStore, AdminUser } from '#shared/hosted-admin.ts';
import type { RecordingLibrary } from '../../recordings/recording-library.ts';
import type { ConnectedChannels } from '../channels/connected-channels.ts';
import type { PageSockets } from '../channels/page-sockets.ts';
import type { HostedConfig } from '../config/load-config.ts';

/** What the admin's overview reads. */
export interface OverviewSources {
  config: () => HostedConfig;
  connected: ConnectedChannels;
  pageSockets: PageSockets;
  recordings: RecordingLibrary | undefined;
  lastReload: () => AdminOverview['lastReload'];
}

/**
 * Everything an admin sees at once: the users the bridge knows of (from the config, open pages and
 * the store), every open connection of this process, every recording in the store with its owner
 * and size, and the store's size. Connections and pages are this process's; recordings are the
 * store's (all processes, with PostgreSQL).
 */
export async function adminOverview(sources: OverviewSources): Promise<AdminOverview> {
  const config = sources.config();
  const connections = sources.connected.listAll();
  const recordings = sources.recordings ? await recordingsOf(sources.recordings) : undefined;
  const pages = sources.pageSockets.countByUser();
  const users = new Map<string, AdminUser>();
  const user = (name: string): AdminUser => {
    const known = users.get(name);
    if (known) return known;
    const added: AdminUser = {
      name,
      admin: config.auth.admins.includes(name),
      tokens: config.auth.tokens.filter((token) => token.user === name).length,
      pages: pages.get(name) ?? 0,
      connections: 0,
      recordings: 0,
      recordingBytes: 0,
    };
    users.set(name, added);
    return added;
  };
  for (const token of config.auth.tokens) user(token.user);
  for (const name of config.auth.admins) user(name);
  for (const name of pages.keys()) user(name);
  for (const connection of connections) user(connection.user).connections++;
  for (const recording of recordings?.list ?? []) {
    if (recording.user === null) continue;
    const owner = user(recording.user);
    owner.recordings++;
    owner.recordingBytes += recording.bytes;
  }
  return {
    users: [...users.values()].sort((a, b) => a.name.localeCompare(b.name)),
    connections,
    recordings: recordings?.list ?? [],
    ...(recordings ? { store: recordings.store } : {}),
    ...(sources.lastReload() ? { lastReload: sources.lastReload() } : {}),
  };
}

/** Every recording with its owner and size, newest first, and the store's totals. */
async function recordingsOf(
  library: RecordingLibrary,
): Promise<{ list: AdminRecording[]; store: AdminStore }> {
  const [listed, sizes] = await Promise.all([library.list(), library.sizes()]);
  const byId = new Map(sizes.map((size) => [size.id, size]));
  const list = listed.recordings.map((recording): AdminRecording => {
    const size = byId.get(recording.id);
    return {
      id: recording.id,
      name: recording.name,
      user: size?.userName ?? null,
      startedAt: recording.startedAt,
      ...(recording.endedAt !== undefined ? { endedAt: recording.endedAt } : {}),
      live: recording.live,
      shared: recording.shareId !== undefined,
      frameCount: recording.frameCount,
      bytes: size?.bytes ?? 0,
      calls: recording.calls?.count ?? 0,
    };
  });
  const fileBytes = library.storeKind === 'sqlite' ? await sqliteFileBytes(library.file) : undefined;
  return {
    list,
    store: {
      kind: library.storeKind,
      location: library.file,
      recordings: list.length,
      recordedBytes: list.reduce((sum, recording) => sum + recording.bytes, 0),
      ...(fileBytes !== undefined ? { fileBytes } : {}),
      retentionDays: listed.retentionDays,
    },
  };
}

/** The SQLite file and its write-ahead log, as the disk holds them. */
async function sqliteFileBytes(file: string): Promise<number | undefined> {
  const sizes = await Promise.all(
    [file, `${file}-wal`].map((part) =>
      stat(part).then(
        (found) => found.size,
        () => 0,
      ),
    ),
  );
  const total = sizes.reduce((sum, size) => sum + size, 0);
  return total > 0 ? total : undefined;
}
