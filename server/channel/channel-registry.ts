import type { PageChannel } from './page-channel.ts';

/**
 * All open page channels of the bridge. A channel whose page went away is closed after a grace
 * period, so a page that reloads or a network blip does not leave server processes behind.
 */
export class ChannelRegistry {
  private readonly channels = new Set<PageChannel>();
  private readonly timers = new Map<PageChannel, NodeJS.Timeout>();

  constructor(private readonly graceMs: number) {}

  add(channel: PageChannel): void {
    this.channels.add(channel);
  }

  /** The page of `channel` disconnected: close it once the grace period is over. */
  release(channel: PageChannel): void {
    channel.detach();
    const timer = setTimeout(() => void this.remove(channel), this.graceMs);
    timer.unref();
    this.timers.set(channel, timer);
  }

  /** Closes every channel and its server; used when the bridge stops. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.channels].map((channel) => this.remove(channel)));
  }

  get size(): number {
    return this.channels.size;
  }

  /** The open channels, for inspection in tests and diagnostics. */
  list(): ReadonlySet<PageChannel> {
    return this.channels;
  }

  private async remove(channel: PageChannel): Promise<void> {
    clearTimeout(this.timers.get(channel));
    this.timers.delete(channel);
    this.channels.delete(channel);
    await channel.close();
  }
}
