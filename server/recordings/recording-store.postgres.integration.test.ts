import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import { describeStoreContract } from '../../test/support/recording-store-cases.ts';
import { describeQuotaCases } from '../../test/support/recording-quota-cases.ts';
import {
  postgresUnavailable,
  startPostgres,
  type PostgresCluster,
} from '../../test/support/postgres-cluster.ts';
import { PgRecordingStore, withoutPassword } from './pg-recording-store.ts';
import { PG_MIGRATIONS, PG_SCHEMA_VERSION } from './pg-schema.ts';
import { toFrameTexts, type RecordingStore } from './recording-store.ts';
import { RecordingLibrary } from './recording-library.ts';
import type { LiveMessage } from '#shared/recordings.ts';

const skipReason = postgresUnavailable();

function frame(seq: number, time = 1000 + seq): Frame {
  return { seq, time, direction: 'out', bytes: 10, message: { jsonrpc: '2.0', id: seq, method: 'ping' } };
}

describe.skipIf(skipReason)(`PostgreSQL store${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let cluster: PostgresCluster;
  const stores: RecordingStore[] = [];
  const closers: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    cluster = await startPostgres();
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    for (const store of stores.splice(0)) await store.close();
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  async function openStore(url?: string): Promise<PgRecordingStore> {
    const store = await PgRecordingStore.open(url ?? (await cluster.createDatabase()));
    stores.push(store);
    return store;
  }

  async function sql(url: string, text: string, params: unknown[] = []) {
    const client = new pg.Client(url);
    await client.connect();
    try {
      return (await client.query(text, params)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  }

  describeStoreContract(
    'PostgreSQL',
    () => openStore(),
    (store, text) => (store as unknown as { pool: pg.Pool }).pool.query(text),
  );

  // The recording quota reads each recording's bytes with the store's `usage` query.
  describeQuotaCases('PostgreSQL', async () => {
    const library = await RecordingLibrary.open({ databaseUrl: await cluster.createDatabase() });
    closers.push(() => library.close());
    return library;
  });

  it('migrates once: a second bridge opening the database runs no step again, and the version is recorded', async () => {
    const url = await cluster.createDatabase();
    const [first, second] = await Promise.all([openStore(url), openStore(url)]);
    await first.create({ id: 'a', name: 'a', target: null, startedAt: 1 });
    expect((await second.get('a'))?.name).toBe('a');
    // One row per step, each once.
    expect(await sql(url, 'SELECT version FROM toolscope_schema_migrations ORDER BY version')).toEqual(
      PG_MIGRATIONS.map(({ version }) => ({ version })),
    );
    expect(PG_MIGRATIONS.at(-1)!.version).toBe(PG_SCHEMA_VERSION);
  });

  it('refuses a database migrated by a newer Toolscope, with the reason', async () => {
    const url = await cluster.createDatabase();
    await (await openStore(url)).close();
    stores.pop();
    await sql(url, 'INSERT INTO toolscope_schema_migrations (version) VALUES ($1)', [PG_SCHEMA_VERSION + 1]);
    await expect(PgRecordingStore.open(url)).rejects.toThrow(/newer Toolscope/);
  });

  it('keeps the password out of the location it shows', async () => {
    const store = await openStore();
    expect(store.location).toMatch(/^postgres:\/\/toolscope@127\.0\.0\.1:\d+\//);
    expect(withoutPassword('postgres://u:hunter2@db:5432/x')).toBe('postgres://u:***@db:5432/x');
  });

  it("ends a stopped bridge's open recordings at their last frame, and leaves a running bridge's alone", async () => {
    const url = await cluster.createDatabase();
    const running = await openStore(url);
    const crashed = await openStore(url);
    await running.create({ id: 'mine', name: 'm', target: null, startedAt: 1 });
    await crashed.create({ id: 'lost', name: 'l', target: null, startedAt: 1 });
    await crashed.appendTexts(
      'lost',
      toFrameTexts([frame(0, 50), frame(1, 70)]),
      [{ time: 90, event: { kind: 'stderr', line: 'x', time: 90 } }],
      0,
    );
    // A bridge that crashed stops beating: its row goes stale.
    await sql(
      url,
      "UPDATE bridges SET seen_at = 0 WHERE owner = (SELECT owner FROM recordings WHERE id = 'lost')",
    );
    expect(await running.endAbandoned()).toBe(1);
    expect((await running.get('lost'))?.endedAt).toBe(90);
    expect((await running.get('mine'))?.endedAt).toBeUndefined();
  });

  it('tells every bridge on the database when a recording changes (content, then its link)', async () => {
    const url = await cluster.createDatabase();
    const writer = await openStore(url);
    const reader = await openStore(url);
    const heard: string[] = [];
    closers.push(async () => unwatch());
    const unwatch = reader.watch((id, change) => heard.push(`${change}:${id}`));
    await writer.create({ id: 'a', name: 'a', target: null, startedAt: 1 });
    await writer.appendTexts('a', toFrameTexts([frame(0)]), [], 0);
    await writer.setShareId('a', 'link');
    await writer.end('a', 5);
    await writer.delete('a');
    await expect.poll(() => heard).toEqual(['content:a', 'state:a', 'content:a', 'state:a']);
  });

  it('lets a library on another bridge follow a recording live until it ends', async () => {
    const url = await cluster.createDatabase();
    const a = await RecordingLibrary.open({ databaseUrl: url });
    closers.push(() => a.close());
    const b = await RecordingLibrary.open({ databaseUrl: url });
    closers.push(() => b.close());
    const writer = a.prepare({ transport: 'http', url: 'http://127.0.0.1:9/mcp' }, 'alice');
    a.commit(writer, { transport: 'http', url: 'http://127.0.0.1:9/mcp' });
    writer.addFrame(frame(0));
    const shareId = (await a.share(writer.id))!;
    const seen = await b.findShared(shareId);
    expect(seen?.live).toBe(true);
    expect(await b.userNameOf(writer.id)).toBe('alice');
    expect((await b.list({ userName: 'alice' })).recordings.map((r) => r.id)).toEqual([writer.id]);
    const messages: LiveMessage[] = [];
    const stop = await b.follow(seen!, shareId, { seq: 0, index: 0 }, (message) => messages.push(message));
    closers.push(async () => stop());
    writer.addFrame(frame(1));
    writer.addEvent({ time: 3, event: { kind: 'stderr', line: 'hello', time: 3 } });
    writer.end(2000);
    await expect.poll(() => messages.at(-1)?.type, { timeout: 10_000 }).toBe('ended');
    expect(messages).toEqual([
      { type: 'frame', frame: frame(0) },
      { type: 'frame', frame: frame(1) },
      { type: 'event', entry: { time: 3, event: { kind: 'stderr', line: 'hello', time: 3 } } },
      { type: 'ended', reason: 'closed', endedAt: 2000 },
    ]);
  });
});
