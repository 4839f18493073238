import type { BridgeSession } from './bridge-session.ts';

/**
 * All live sessions of the bridge. A session whose browser went away is closed after a grace
 * period, so a page that reloads or a network blip does not leave server processes behind.
 */
export class SessionRegistry {
  private readonly sessions = new Set<BridgeSession>();
  private readonly timers = new Map<BridgeSession, NodeJS.Timeout>();

  constructor(private readonly graceMs: number) {}

  add(session: BridgeSession): void {
    this.sessions.add(session);
  }

  /** The browser of `session` disconnected: close it once the grace period is over. */
  release(session: BridgeSession): void {
    session.detach();
    const timer = setTimeout(() => void this.remove(session), this.graceMs);
    timer.unref();
    this.timers.set(session, timer);
  }

  /** Closes every session and its server; used when the bridge stops. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.sessions].map((session) => this.remove(session)));
  }

  get size(): number {
    return this.sessions.size;
  }

  /** The live sessions, for inspection in tests and diagnostics. */
  list(): ReadonlySet<BridgeSession> {
    return this.sessions;
  }

  private async remove(session: BridgeSession): Promise<void> {
    clearTimeout(this.timers.get(session));
    this.timers.delete(session);
    this.sessions.delete(session);
    await session.close();
  }
}
