import pg from 'pg';
import type { RecordingChangeListener } from './recording-store.ts';
import type { LevelledLog } from './store-health.ts';

/**
 * The channel every bridge on one database NOTIFYs on; the payload is `c:<id>` when a recording's
 * content changed (frames, events, end) and `s:<id>` when its state did (share link, deletion).
 */
export const RECORDINGS_CHANNEL = 'toolscope_recordings';
/** Payload given to listeners after a lost connection came back: anything may have changed meanwhile. */
export const ANY_RECORDING = '*';
/** First wait before reconnecting; doubles up to {@link MAX_RETRY_MS}. */
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;

/**
 * One connection that LISTENs to {@link RECORDINGS_CHANNEL} for this process. A connection lost is
 * opened again with backoff; listeners then hear {@link ANY_RECORDING}, since notifications sent
 * while it was gone are lost.
 */
export class PgNotifications {
  private client: pg.Client | undefined;
  private readonly listeners = new Set<RecordingChangeListener>();
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly log: LevelledLog,
  ) {}

  /** Connects and listens; rejects when the first connection fails. */
  async start(): Promise<void> {
    await this.connect();
  }

  subscribe(listener: RecordingChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.listeners.clear();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.config);
    client.on('notification', (message) => {
      const payload = message.payload ?? '';
      this.tell(payload.slice(2) || ANY_RECORDING, payload.startsWith('c:') ? 'content' : 'state');
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    await client.connect();
    await client.query(`LISTEN ${RECORDINGS_CHANNEL}`);
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryMs = FIRST_RETRY_MS;
  }

  private tell(recordingId: string, change: 'content' | 'state'): void {
    for (const listener of this.listeners) listener(recordingId, change);
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    this.log(
      `Lost the PostgreSQL notification connection${error ? `: ${error.message}` : ''}; reconnecting`,
      'warn',
    );
    client.end().catch(() => {});
    this.retry();
  }

  private retry(): void {
    this.retryTimer = setTimeout(() => {
      this.connect().then(
        () => {
          this.log('The PostgreSQL notification connection is back', 'warn');
          this.tell(ANY_RECORDING, 'state');
        },
        () => {
          this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
          this.retry();
        },
      );
    }, this.retryMs);
    this.retryTimer.unref();
  }
}
