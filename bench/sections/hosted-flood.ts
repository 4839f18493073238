import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bearer, fixtureEntry, testAuth } from '../../test/support/hosted-bridge.ts';
import { HostedPage } from '../../test/support/hosted-page.ts';
import { formatMb, residentBytes } from '../../test/support/process-memory.ts';
import { projectPath } from '../../test/support/start-cli.ts';
import { startServe } from '../../test/support/start-serve.ts';
import type { CleanupStack } from '../lib/cleanup.ts';
import { row, type BenchRow } from '../lib/report.ts';
import { formatMs, percentile } from '../lib/stats.ts';

const MIB = 1024 * 1024;
/** The flood a hosted bridge must survive without stalling other users: one socket, 20 notifications of 15 MiB (each under the default maxMessageBytes). */
const FLOOD = { messages: 20, mib: 15 };
/** Bound on the whole flood (sending, the bridge reading it, the disconnect). */
const FLOOD_LIMIT_MS = 180_000;

/**
 * `toolscope serve` (the bundle, default limits) while alice floods one socket from her own
 * process: how long bob's `tools/list` waits before and during the flood, the bridge's RSS growth
 * at its peak, and the store's growth. `nodeArgs` go to the bridge's Node (a profile: `--cpu-prof`).
 */
export async function benchHostedFlood(cleanup: CleanupStack, nodeArgs: string[] = []): Promise<BenchRow[]> {
  const folder = mkdtempSync(path.join(tmpdir(), 'toolscope-bench-flood-'));
  cleanup.defer('the flood bench folder', () => rmSync(folder, { recursive: true, force: true }));
  const dataDir = path.join(folder, 'data');
  const config = {
    version: 1,
    auth: testAuth(),
    catalog: { mcpServers: { echo: fixtureEntry('hosted-echo-server') } },
    store: { dataDir },
    log: { level: 'warn' },
  };
  writeFileSync(path.join(folder, 'team.json'), JSON.stringify(config));
  const serve = await startServe(
    ['--config', path.join(folder, 'team.json'), '--port', '0'],
    { TOOLSCOPE_SESSION_SECRET: 'flood-bench-session-secret-0123456789abcdef' },
    60_000,
    [...nodeArgs, 'bin/toolscope.js'],
  );
  cleanup.defer('the flood bridge', async () => void (await serve.stop()));
  const pid = serve.child.pid!;
  const bob = await HostedPage.open(serve.port, bearer('bob'));
  cleanup.defer('bob', () => bob.close());
  await bob.open({ catalog: { server: 'echo' } });

  // Bob's quiet waits first: the baseline of the same call on the same bridge.
  const quiet: number[] = [];
  for (let index = 0; index < 20; index++) quiet.push(await timedList(bob));

  const startRss = residentBytes(pid)!;
  let peakRss = startRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, residentBytes(pid) ?? 0)), 50);
  cleanup.defer('the RSS sampler', () => clearInterval(sampler));
  const sender = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/lib/flood-sender.ts',
      String(serve.port),
      bearer('alice').authorization!,
      String(FLOOD.messages),
      String(FLOOD.mib),
    ],
    { cwd: projectPath(), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  cleanup.defer('the flood sender', () => void sender.kill());
  let out = '';
  let flooding = false;
  sender.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes('flooding\n')) flooding = true;
  });
  const exited = new Promise<number | null>((resolve) => sender.once('exit', resolve));
  let done = false;
  void exited.then(() => (done = true));
  const limit = setTimeout(() => sender.kill(), FLOOD_LIMIT_MS);
  cleanup.defer('the flood limit', () => clearTimeout(limit));

  // Bob lists tools over and over while the flood is sent and read; only the waits that started
  // once alice's frames were on their way count.
  const during: number[] = [];
  while (!done) {
    const counts = flooding;
    const ms = await timedList(bob);
    if (counts) during.push(ms);
    // As a person's page would, not a tight loop that competes with the bridge for the cores.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const code = await exited;
  clearInterval(sampler);
  const summary = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as { refusals?: number; sentMs?: number };
  if (code !== 0 || summary.refusals === undefined)
    throw new Error(`the flood sender failed (${code}): ${out}`);
  const storeMb = folderBytes(dataDir) / MIB;
  const area = 'Hosted flood';
  return [
    row({
      area,
      figure: `Flood: one socket sends ${FLOOD.messages} notifications of ${FLOOD.mib} MiB (default limits)`,
      value: `read in ${formatMs(summary.sentMs!)}; ${summary.refusals} refused by limits.sendBytesPerMinute`,
    }),
    row({
      area,
      figure: "Another user's tools/list, quiet (p50 / max of 20)",
      value: `${formatMs(percentile(quiet, 50))} / ${formatMs(Math.max(...quiet))}`,
    }),
    row({
      area,
      figure: `Another user's tools/list during the flood (p50 / max of ${during.length})`,
      value: `${formatMs(percentile(during, 50))} / ${formatMs(Math.max(...during))}`,
      target: 'max < 1 s',
      passed: during.length > 0 && Math.max(...during) < 1000,
    }),
    row({
      area,
      figure: 'Bridge RSS growth at the peak of the flood',
      value: `+${formatMb(peakRss - startRss)} (from ${formatMb(startRss)})`,
      target: '< 400 MB',
      passed: peakRss - startRss < 400 * MIB,
    }),
    row({ area, figure: 'Store growth', value: `${storeMb.toFixed(1)} MiB` }),
  ];
}

async function timedList(page: HostedPage): Promise<number> {
  const started = performance.now();
  const answer = await page.request('tools/list', {});
  if (!answer.result?.tools) throw new Error(`tools/list failed: ${JSON.stringify(answer)}`);
  return performance.now() - started;
}

function folderBytes(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => sum + statSync(path.join(dir, name)).size, 0);
}
