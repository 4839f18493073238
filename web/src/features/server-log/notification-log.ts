/** A notifications/message from the server. */
export interface LogMessageNotice {
  id: number;
  time: number;
  kind: 'log-message';
  /** A syslog level name; kept as a string because servers may send anything. */
  level: string;
  logger?: string;
  data: unknown;
}

/** Any other notification from the server (list changes, progress, unknown methods). */
export interface NotificationNotice {
  id: number;
  time: number;
  kind: 'notification';
  method: string;
  params: unknown;
}

/** One entry of the notification log. */
export type ServerNotice = LogMessageNotice | NotificationNotice;

/** A new entry before it gets its id and time. */
export type NewNotice = Omit<LogMessageNotice, 'id' | 'time'> | Omit<NotificationNotice, 'id' | 'time'>;

/** Read-only view of the log; a new object after every change so React notices. */
export interface NoticeSnapshot {
  entries: readonly ServerNotice[];
}

/** Most entries kept; the oldest go first. */
export const MAX_NOTICES = 5000;

/**
 * What the server told the client, newest last, capped at `max`. Appends are batched: a server
 * flooding the client with log messages costs one copy and one render per batch, not per message.
 */
export class NotificationLog {
  private entries: ServerNotice[] = [];
  private snapshot: NoticeSnapshot = { entries: [] };
  private readonly listeners = new Set<() => void>();
  private scheduled = false;
  private nextId = 1;

  constructor(
    private readonly schedule: (run: () => void) => void = (run) => queueMicrotask(run),
    private readonly max = MAX_NOTICES,
    private readonly now: () => number = Date.now,
  ) {}

  /** Appends an entry; `time` defaults to now. */
  add(notice: NewNotice, time = this.now()): void {
    this.entries.push({ ...notice, id: this.nextId++, time } as ServerNotice);
    // Publishing trims to `max`; this bounds memory while publishing waits (a hidden tab has no frames).
    if (this.entries.length >= this.max * 2) this.entries.splice(0, this.entries.length - this.max);
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      this.publish();
    });
  }

  /** Empties the log. */
  clear(): void {
    this.entries = [];
    this.publish();
  }

  get = (): NoticeSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private publish(): void {
    if (this.entries.length > this.max) this.entries.splice(0, this.entries.length - this.max);
    this.snapshot = { entries: this.entries.slice() };
    for (const listener of this.listeners) listener();
  }
}
