import type { ChannelSummary } from '#shared/hosted.ts';

/** One open connection as the bridge lists it, with its owner; its byte counts grow as frames pass. */
export interface ConnectedChannel extends ChannelSummary {
  user: string;
  bytesToServer: number;
  bytesFromServer: number;
}

/**
 * The open connections (channels with a connection) of this process, by channel, so that a user can
 * list and end their own and nobody else's.
 */
export class ConnectedChannels {
  private readonly entries = new Map<string, ConnectedChannel>();

  add(entry: ConnectedChannel): void {
    this.entries.set(entry.id, entry);
  }

  /** Removes the entry of channel `id` when it is still `entry` (a newer connection keeps its own). */
  remove(entry: ConnectedChannel): void {
    if (this.entries.get(entry.id) === entry) this.entries.delete(entry.id);
  }

  /** `user`'s open connections, oldest first. */
  listFor(user: string): ChannelSummary[] {
    return [...this.entries.values()]
      .filter((entry) => entry.user === user)
      .sort((a, b) => a.since - b.since)
      .map(({ user: _user, ...summary }) => summary);
  }

  /** The connection of channel `id` when it belongs to `user`. */
  find(user: string, id: string): ConnectedChannel | undefined {
    const entry = this.entries.get(id);
    return entry?.user === user ? entry : undefined;
  }

  /** Every user's open connections, oldest first (the admin's view), each a copy taken now. */
  listAll(): ConnectedChannel[] {
    return [...this.entries.values()].sort((a, b) => a.since - b.since).map((entry) => ({ ...entry }));
  }

  /** The open connection of channel `id`, whoever's it is (an admin ends it). */
  findAny(id: string): ConnectedChannel | undefined {
    return this.entries.get(id);
  }

  get size(): number {
    return this.entries.size;
  }
}
