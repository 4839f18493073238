import type { RecordingStore } from './recording-store.ts';

/** How long one check of the store may take before the store counts as not answering. */
export const STORE_CHECK_MS = 5000;
/** How often a store that does not answer is asked again. */
export const PROBE_MS = 1000;

/** A log that knows levels: losing and regaining the store are warnings (alerts watch for them). */
export type LevelledLog = (line: string, level?: 'info' | 'warn') => void;

/** The store was asked for while it does not answer: routes turn this into 503. */
export class StoreUnavailableError extends Error {
  constructor(
    readonly store: RecordingStore['kind'],
    readonly problem: string,
  ) {
    super(`The recordings store (${store === 'postgres' ? 'PostgreSQL' : 'SQLite'}) does not answer`);
  }
}

/**
 * Whether the recordings store answers, as writes and checks find out. A failed write asks
 * {@link isOutage}: when the store itself does not answer (a database gone, not one wrong write),
 * the store is **down** from then on, the log says so at warn, and the store is asked every
 * `probeMs` ({@link PROBE_MS}) until it answers; then it is **back** (at warn again) and whoever waits in
 * {@link whenBack} goes on. Writers hold their frames meanwhile; routes answer 503.
 */
export class StoreHealth {
  private down: { problem: string; since: number } | undefined;
  private waiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  private probeTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly store: RecordingStore,
    private readonly log: LevelledLog,
    /** Tests ask more often. */
    private readonly probeMs = PROBE_MS,
  ) {}

  /** Why the store does not answer (it names the store's address: for the admin), or undefined while it does. */
  get problem(): string | undefined {
    return this.down?.problem;
  }

  /** The error routes answer with while the store is down; undefined while it answers. */
  get unavailable(): StoreUnavailableError | undefined {
    return this.down && new StoreUnavailableError(this.store.kind, this.down.problem);
  }

  /**
   * A write (or read) failed with `error`: true when the store does not answer (it is down now,
   * if it was not already), false when it does and the failure was that call's own.
   */
  async isOutage(error: unknown): Promise<boolean> {
    if (this.down) return true;
    const problem = await this.check();
    if (problem === undefined) return false;
    this.goDown(`${problem} (after: ${messageOf(error)})`);
    return true;
  }

  /**
   * Asks the store now (readiness checks): undefined when it answers, else why not, and from then
   * on the store is down (logged, and watched until it answers), as after a failed write.
   */
  async probe(): Promise<string | undefined> {
    if (this.down) return this.down.problem;
    const problem = await this.check();
    if (problem !== undefined && !this.down) this.goDown(problem);
    return problem;
  }

  /** Asks the store now, within {@link STORE_CHECK_MS}: undefined when it answers, else why not. */
  async check(): Promise<string | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${STORE_CHECK_MS / 1000} s`)), STORE_CHECK_MS);
    });
    try {
      await Promise.race([this.store.check(), late]);
      return undefined;
    } catch (error) {
      return `the recordings store ${this.store.location} does not answer: ${messageOf(error)}`;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Resolves when the store answers (at once while it does); rejects when the bridge stops first. */
  whenBack(): Promise<void> {
    if (!this.down) return Promise.resolve();
    if (this.closed) return Promise.reject(new Error(STOPPED));
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /** The bridge stops: nobody waits for the store any longer. */
  close(): void {
    this.closed = true;
    clearTimeout(this.probeTimer);
    for (const waiter of this.waiters.splice(0)) waiter.reject(new Error(STOPPED));
  }

  private goDown(problem: string): void {
    this.down = { problem, since: Date.now() };
    this.log(
      `Lost ${problem}; open connections go on, their recordings are held in memory until it answers`,
      'warn',
    );
    this.scheduleProbe();
  }

  private scheduleProbe(): void {
    if (this.closed) return;
    this.probeTimer = setTimeout(() => void this.probeOnce(), this.probeMs);
    this.probeTimer.unref();
  }

  private async probeOnce(): Promise<void> {
    const problem = await this.check();
    if (this.closed || !this.down) return;
    if (problem !== undefined) {
      this.down.problem = problem;
      this.scheduleProbe();
      return;
    }
    const seconds = Math.round((Date.now() - this.down.since) / 1000);
    this.down = undefined;
    this.log(`The recordings store ${this.store.location} answers again (after ${seconds} s)`, 'warn');
    for (const waiter of this.waiters.splice(0)) waiter.resolve();
  }
}

const STOPPED = 'the bridge stopped before the recordings store answered again';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
