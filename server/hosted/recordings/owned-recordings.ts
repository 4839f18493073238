import type { RecordingListResponse } from '#shared/recordings.ts';
import type { RecordingLibrary } from '../../recordings/recording-library.ts';

/**
 * Whose recordings are whose: what the hosted routes check before they show or change one. The
 * store keeps each recording's user name (SQLite and PostgreSQL alike), so owners survive restarts
 * and are the same on every process of a scaled-out deployment. Page channels record through the
 * library itself, passing their signed-in user.
 */
export class OwnedRecordings {
  constructor(private readonly library: RecordingLibrary) {}

  /** `owner`'s recordings, newest first, and the retention setting. */
  async listOwned(owner: string): Promise<RecordingListResponse> {
    const mine = await this.library.list({ userName: owner });
    // Where the admin keeps the store is not the users' business.
    return { ...mine, file: '' };
  }

  /** True when recording `id` exists and is `owner`'s (a recording made by nobody signed in is nobody's). */
  async isOwner(owner: string, id: string): Promise<boolean> {
    return (await this.library.userNameOf(id)) === owner;
  }
}
