import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Frame } from '#shared/bridge-protocol.ts';
import { PgRecordingStore } from '../../server/recordings/pg-recording-store.ts';
import type { FrameTexts, RecordingStore } from '../../server/recordings/recording-store.ts';
import { SqliteRecordingStore } from '../../server/recordings/sqlite-recording-store.ts';
import { postgresUnavailable, startPostgres } from '../../test/support/postgres-cluster.ts';
import type { CleanupStack } from '../lib/cleanup.ts';
import { row, type BenchRow } from '../lib/report.ts';
import { formatCount, formatMs, median, percentile } from '../lib/stats.ts';

/** Frames per batch: about what a busy connection queues in the writer's 25 ms. */
const BATCH = 50;
const BATCHES = 400;
/** Batches per side before switching: the two stores alternate, so machine noise hits both. */
const BLOCK = 20;

/**
 * What one batch write costs each store (the writer's flush: a frames row, its counters, and for
 * PostgreSQL the NOTIFY), SQLite in a temporary file and PostgreSQL in a throwaway cluster with
 * its default durability (a commit waits for its WAL flush), one after the other in blocks.
 */
export async function benchStoreWrites(cleanup: CleanupStack): Promise<BenchRow[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolscope-bench-store-'));
  cleanup.defer('store folder', () => rmSync(dir, { recursive: true, force: true }));
  const sqlite = SqliteRecordingStore.open(path.join(dir, 'recordings.sqlite'));
  cleanup.defer('SQLite store', () => sqlite.close());
  const skipped = postgresUnavailable();
  let postgres: RecordingStore | undefined;
  if (!skipped) {
    const cluster = await startPostgres({ durable: true });
    cleanup.defer('PostgreSQL cluster', () => cluster.stop());
    postgres = await PgRecordingStore.open(await cluster.createDatabase());
    cleanup.defer('PostgreSQL store', () => postgres!.close());
  }
  const stores = postgres ? [sqlite, postgres] : [sqlite];
  for (const store of stores) await store.create({ id: 'bench', name: 'bench', target: null, startedAt: 0 });
  const times = new Map<RecordingStore, number[]>(stores.map((store) => [store, []]));
  const seq = new Map<RecordingStore, number>(stores.map((store) => [store, 0]));
  for (let done = 0; done < BATCHES; done += BLOCK)
    for (const store of stores)
      for (let i = 0; i < BLOCK; i++) {
        const first = seq.get(store)!;
        seq.set(store, first + BATCH);
        const batch = frameTexts(first);
        const started = performance.now();
        await store.appendTexts('bench', batch, [], 0);
        times.get(store)!.push(performance.now() - started);
      }

  const area = `Store write, batch of ${BATCH} frames`;
  const sqliteP50 = median(times.get(sqlite)!);
  const rows = stores.map((store) => {
    const ms = times.get(store)!;
    const p50 = median(ms);
    return row({
      area,
      figure: `${store.kind === 'sqlite' ? 'SQLite (WAL, synchronous=NORMAL)' : 'PostgreSQL 1 statement + NOTIFY, loopback'}: p50 / p99 per batch`,
      value: `${formatMs(p50)} / ${formatMs(percentile(ms, 99))} (${formatCount((BATCH * 1000) / p50)} frames/s)`,
      baseline:
        store === sqlite
          ? `${BATCHES} batches`
          : `SQLite ${formatMs(sqliteP50)} (${(p50 / sqliteP50).toFixed(1)}x)`,
    });
  });
  if (skipped) rows.push(row({ area, figure: 'PostgreSQL', value: `skipped: ${skipped}` }));
  return rows;
}

function frameTexts(firstSeq: number): FrameTexts {
  const texts: string[] = [];
  for (let i = 0; i < BATCH; i++) {
    const frame: Frame = {
      seq: firstSeq + i,
      time: Date.now(),
      direction: i % 2 ? 'in' : 'out',
      bytes: 120,
      message: {
        jsonrpc: '2.0',
        id: firstSeq + i,
        method: 'tools/call',
        params: { name: 'echo', arguments: { message: 'x'.repeat(64) } },
      },
    };
    texts.push(JSON.stringify(frame));
  }
  return { firstSeq, lastSeq: firstSeq + BATCH - 1, lastTime: Date.now(), texts };
}
