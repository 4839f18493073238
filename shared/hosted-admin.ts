/**
 * Hosted mode's admin (`auth.admins`): what the "Admin" view reads and the actions it takes. One
 * definition for the bridge's routes and the page.
 */
import * as z from 'zod';
import type { ChannelSummary } from './hosted.ts';

/** GET: the {@link AdminOverview}. */
export const ADMIN_API = '/api/admin';
/** DELETE `<id>`: ends that connection, whoever's it is. */
export const ADMIN_CONNECTIONS_API = `${ADMIN_API}/connections`;
/** DELETE `<id>`: deletes that recording; DELETE `<id>/share`: withdraws its share link. */
export const ADMIN_RECORDINGS_API = `${ADMIN_API}/recordings`;
/** POST: reads the config file again (as SIGHUP does) and answers a {@link ReloadAnswer}. */
export const ADMIN_RELOAD_API = `${ADMIN_API}/reload`;

/** One person the bridge knows of: from the config's tokens or admins, an open page, or a recording. */
export interface AdminUser {
  name: string;
  admin: boolean;
  /** Tokens the config lists for them (0: they come through the SSO proxy's header, or not at all). */
  tokens: number;
  /** Page sockets (tabs) open on this process. */
  pages: number;
  connections: number;
  recordings: number;
  /** Bytes of their recordings' frames in the store. */
  recordingBytes: number;
}

/** One open connection on this process, with its owner and traffic so far. */
export interface AdminConnection extends ChannelSummary {
  user: string;
  bytesToServer: number;
  bytesFromServer: number;
}

/** One recording in the store, with its owner and size. */
export interface AdminRecording {
  id: string;
  name: string;
  /** Who made it; null when nobody signed in. */
  user: string | null;
  startedAt: number;
  endedAt?: number;
  live: boolean;
  /** True while a share link to it exists (the link itself is its owner's). */
  shared: boolean;
  frameCount: number;
  bytes: number;
  calls: number;
}

/** The recordings store, as the admin sees it. */
export interface AdminStore {
  kind: 'sqlite' | 'postgres';
  /** The SQLite file, or the database's address without its password. */
  location: string;
  recordings: number;
  /** Bytes of all recordings' frames. */
  recordedBytes: number;
  /** SQLite: the file and its write-ahead log on disk. */
  fileBytes?: number;
  retentionDays: number;
}

/** Body of GET {@link ADMIN_API}. */
export interface AdminOverview {
  users: AdminUser[];
  connections: AdminConnection[];
  recordings: AdminRecording[];
  /** Absent when the bridge records nothing. */
  store?: AdminStore;
  /** The last reload of the config, when there was one since the start. */
  lastReload?: ReloadAnswer & { at: number; by: string };
}

/** What a reload did: the keys it applied, those that wait for a restart, or why it was refused. */
export interface ReloadAnswer {
  ok: boolean;
  applied: string[];
  restart: string[];
  /** Why the config was refused (the running one stays). */
  problems?: string[];
  /** Users whose open pages were ended: the new config no longer lets them in. */
  endedUsers?: string[];
  /** Catalog servers the new config removed: their connections were ended. */
  removedServers?: string[];
}

/*
 * The answers as the page reads them: checked, unknown fields accepted (a page and a bridge of
 * different versions still understand each other).
 */

const adminUserSchema = z.looseObject({
  name: z.string(),
  admin: z.boolean(),
  tokens: z.number(),
  pages: z.number(),
  connections: z.number(),
  recordings: z.number(),
  recordingBytes: z.number(),
});

const adminConnectionSchema = z.looseObject({
  id: z.string(),
  user: z.string(),
  server: z.string(),
  catalog: z.boolean(),
  transport: z.enum(['stdio', 'http', 'sse']),
  since: z.number(),
  recordingId: z.string().optional(),
  bytesToServer: z.number(),
  bytesFromServer: z.number(),
});

const adminRecordingSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  user: z.string().nullable(),
  startedAt: z.number(),
  endedAt: z.number().optional(),
  live: z.boolean(),
  shared: z.boolean(),
  frameCount: z.number(),
  bytes: z.number(),
  calls: z.number(),
});

export const reloadAnswerSchema = z.looseObject({
  ok: z.boolean(),
  applied: z.array(z.string()),
  restart: z.array(z.string()),
  problems: z.array(z.string()).optional(),
  endedUsers: z.array(z.string()).optional(),
  removedServers: z.array(z.string()).optional(),
});

export const adminOverviewSchema = z.looseObject({
  users: z.array(adminUserSchema),
  connections: z.array(adminConnectionSchema),
  recordings: z.array(adminRecordingSchema),
  store: z
    .looseObject({
      kind: z.enum(['sqlite', 'postgres']),
      location: z.string(),
      recordings: z.number(),
      recordedBytes: z.number(),
      fileBytes: z.number().optional(),
      retentionDays: z.number(),
    })
    .optional(),
  lastReload: reloadAnswerSchema.extend({ at: z.number(), by: z.string() }).optional(),
}) satisfies z.ZodType<AdminOverview>;
