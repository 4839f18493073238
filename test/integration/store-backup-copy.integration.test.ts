import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteRecordingStore } from '../../server/recordings/sqlite-recording-store.ts';
import { tokenDigest } from '../../server/hosted/auth/token-directory.ts';
import {
  bearer,
  fixtureEntry,
  startTestHostedBridge,
  TOKENS,
  type TestHostedBridge,
} from '../support/hosted-bridge.ts';
import { HostedPage } from '../support/hosted-page.ts';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../support/postgres-cluster.ts';
import { rawRequest } from '../support/raw-http.ts';
import { projectPath } from '../support/start-cli.ts';
import { startServe } from '../support/start-serve.ts';
import { toolscopeEntry } from '../support/toolscope-entry.ts';

const skipReason = postgresUnavailable();

/** Runs `toolscope store <args>` as a user would, in its own process. */
function store(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...toolscopeEntry(), 'store', ...args], {
      cwd: projectPath(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Backups and moves while a bridge runs: `toolscope store backup` copies the SQLite file with what
 * its WAL holds; `toolscope store copy` moves recordings to PostgreSQL and back, again and again
 * without copying anything twice; a backup put back in the data folder is what a bridge then serves.
 */
describe.skipIf(skipReason)(`toolscope store${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let cluster: PostgresCluster;
  let databaseUrl: string;
  let bridge: TestHostedBridge;
  let folder: string;
  let open: HostedPage;
  const ids: string[] = [];

  async function record(text: string, end: boolean): Promise<HostedPage> {
    const page = await HostedPage.open(bridge.port, bearer('alice'));
    await page.open({ catalog: { server: 'echo' } });
    const ready = page.received.find((message) => message.type === 'ready');
    ids.push(ready?.type === 'ready' ? ready.recordingId! : '');
    for (let i = 0; i < 3; i++) await page.callTool('echo', { text: `${text} ${i}` });
    if (end) {
      await page.disconnect();
      page.close();
    }
    return page;
  }

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'toolscope-store-cmd-'));
    cluster = await startPostgres();
    databaseUrl = await cluster.createDatabase();
    bridge = await startTestHostedBridge({
      catalog: { mcpServers: { echo: fixtureEntry('hosted-echo-server') } },
    });
    await record('ended before the backup', true);
    open = await record('still open', false);
    await bridge.recordings!.list();
  });

  afterAll(async () => {
    open?.close();
    await bridge?.stop();
    await cluster?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('backs up the file a running bridge writes, WAL included, and the backup restores', async () => {
    const target = path.join(folder, 'backup.sqlite');
    const done = await store(['backup', target, '--data-dir', bridge.dataDir]);
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(
      /^Backed up 2 recordings \(\d+ frames, \d+\.\d MB\) from .*recordings\.sqlite to .*backup\.sqlite, as they were at \d{4}-/,
    );
    const again = await store(['backup', target, '--data-dir', bridge.dataDir]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/^toolscope store: .*backup\.sqlite already exists: give a new file name/);

    // The restore steps of docs/hosting.md: the backup as recordings.sqlite in a data folder, a bridge on it.
    const restored = path.join(folder, 'restored');
    const config = path.join(folder, 'restored.json');
    writeFileSync(
      config,
      JSON.stringify({
        version: 1,
        auth: { tokens: [{ user: 'alice', sha256: tokenDigest(TOKENS.alice) }] },
        store: { dataDir: restored },
      }),
    );
    mkdirSync(restored, { mode: 0o700 });
    copyFileSync(target, path.join(restored, 'recordings.sqlite'));
    const serve = await startServe(['--config', config, '--port', '0']);
    try {
      const listed = await rawRequest(serve.port, 'GET', '/api/recordings', bearer('alice'));
      const recordings = listed.json().recordings as { id: string; endedAt?: number }[];
      expect(recordings.map((recording) => recording.id).sort()).toEqual([...ids].sort());
      const snapshot = await rawRequest(serve.port, 'GET', `/api/recordings/${ids[1]}`, bearer('alice'));
      expect(snapshot.body).toContain('still open 2');
    } finally {
      await serve.stop();
    }
  });

  it('copies ended recordings to PostgreSQL with a count, then only what is new, then nothing', async () => {
    const first = await store(['copy', '--data-dir', bridge.dataDir, '--to', databaseUrl]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^Copied 1 recording \(\d+ frames, \d+ events\) from .*recordings\.sqlite to postgres:\/\/toolscope@127\.0\.0\.1:\d+\/\w+; 0 already there; 1 recording still being written was left \(copy again once it ends\)\n$/,
    );
    await open.disconnect();
    await bridge.recordings!.list();
    const second = await store(['copy', '--data-dir', bridge.dataDir, '--to', databaseUrl]);
    expect(second.stdout).toMatch(/^Copied 1 recording \(\d+ frames, \d+ events\) .*; 1 already there\n$/);
    const third = await store(['copy', '--data-dir', bridge.dataDir, '--to', databaseUrl]);
    expect(third.stdout).toMatch(/^Copied 0 recordings \(0 frames, 0 events\) .*; 2 already there\n$/);

    // And back: PostgreSQL to a new SQLite file, the same recordings, frames, events and owners.
    const back = path.join(folder, 'back.sqlite');
    const returned = await store(['copy', '--from', databaseUrl, '--to', back]);
    expect(returned.stdout).toMatch(/^Copied 2 recordings /);
    const source = SqliteRecordingStore.open(path.join(bridge.dataDir, 'recordings.sqlite'));
    const copy = SqliteRecordingStore.open(back);
    try {
      for (const id of ids) {
        expect(await copy.frames(id)).toEqual(await source.frames(id));
        expect(await copy.events(id)).toEqual(await source.events(id));
        expect(await copy.userNameOf(id)).toBe('alice');
        expect(await copy.get(id)).toEqual(await source.get(id));
      }
    } finally {
      await copy.close();
      await source.close();
    }
  });

  it('names a store it cannot open without its password, and exits 2', async () => {
    const wrong = databaseUrl.replace('toolscope@', 'toolscope:hunter2-secret@').replace(/:\d+\//, ':1/');
    const failed = await store(['copy', '--data-dir', bridge.dataDir, '--to', wrong]);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toMatch(
      /^toolscope store: cannot open --to postgres:\/\/toolscope:\*\*\*@127\.0\.0\.1:1\//,
    );
    expect(failed.stderr).not.toContain('hunter2');
    const missing = await store([
      'backup',
      path.join(folder, 'x.sqlite'),
      '--data-dir',
      path.join(folder, 'none'),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/there is no recordings file at .*none\/recordings\.sqlite/);
  });
});
