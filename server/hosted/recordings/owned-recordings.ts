import type { RecordingListResponse } from '#shared/recordings.ts';
import type { ServerTarget } from '#shared/targets.ts';
import type { ChannelRecordings } from '../../channel/page-channel.ts';
import type { RecordingLibrary } from '../../recordings/recording-library.ts';
import type { RecordingWriter } from '../../recordings/recording-writer.ts';

/**
 * Whose recordings are whose: what the hosted routes check before they show or change one. The
 * store step answers it from an owner column (one query per list, owners surviving restarts); until
 * then {@link MemoryOwnedRecordings} notes the owner of each recording made by this process.
 */
export interface OwnedRecordings {
  /** `owner`'s recordings, newest first, and the retention setting. */
  listOwned(owner: string): RecordingListResponse;
  /** True when recording `id` exists and is `owner`'s. */
  isOwner(owner: string, id: string): boolean;
  /** Forget a deleted recording. */
  forget(id: string): void;
  /** What page channels record through: it learns each new recording's owner. */
  readonly channelRecordings: ChannelRecordings;
}

/**
 * Owners kept in memory, for recordings this process made. Recordings of an earlier run, or of
 * another process, have no known owner and are shown to nobody (safe, not convenient: the store
 * step keeps owners in the database).
 */
export class MemoryOwnedRecordings implements OwnedRecordings {
  private readonly owners = new Map<string, string>();
  private readonly pending = new WeakMap<RecordingWriter, string>();
  readonly channelRecordings: ChannelRecordings;

  constructor(private readonly library: RecordingLibrary) {
    this.channelRecordings = {
      prepare: (target: ServerTarget, owner?: string) => {
        const writer = library.prepare(target);
        if (owner !== undefined) this.pending.set(writer, owner);
        return writer;
      },
      commit: (writer: RecordingWriter, target: ServerTarget) => {
        library.commit(writer, target);
        const owner = this.pending.get(writer);
        if (owner !== undefined && writer.isStored) this.owners.set(writer.id, owner);
      },
    };
  }

  listOwned(owner: string): RecordingListResponse {
    const all = this.library.list();
    return {
      ...all,
      recordings: all.recordings.filter((recording) => this.owners.get(recording.id) === owner),
      // Where the admin keeps the store is not the users' business.
      file: '',
    };
  }

  isOwner(owner: string, id: string): boolean {
    return this.owners.get(id) === owner && this.library.get(id) !== undefined;
  }

  forget(id: string): void {
    this.owners.delete(id);
  }
}
