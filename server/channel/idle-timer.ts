/**
 * Calls `onIdle` once nothing happened for `ms` (no {@link touch}) while `busy` says false. One
 * timer per connection, set again only when it fires, so a busy connection costs no timer churn.
 */
export class IdleTimer {
  private timer: NodeJS.Timeout | undefined;
  private last = 0;

  constructor(
    private readonly ms: number,
    private readonly busy: () => boolean,
    private readonly onIdle: () => void,
  ) {}

  /** Something happened: the quiet period starts again. */
  touch(): void {
    this.last = Date.now();
    if (!this.timer) this.schedule(this.ms);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(delay: number): void {
    this.timer = setTimeout(() => this.check(), delay);
    this.timer.unref();
  }

  private check(): void {
    this.timer = undefined;
    const quiet = Date.now() - this.last;
    if (quiet < this.ms) return this.schedule(this.ms - quiet);
    // A request still waiting for its answer (a long tool call) is not idleness.
    if (this.busy()) return this.schedule(this.ms);
    this.onIdle();
  }
}
