import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tokenDigest } from '../../server/hosted/auth/token-directory.ts';
import { HostedPage } from '../../test/support/hosted-page.ts';
import { formatMb, residentBytes } from '../../test/support/process-memory.ts';
import { projectPath } from '../../test/support/start-cli.ts';
import { startServe, type ServeProcess } from '../../test/support/start-serve.ts';
import type { CleanupStack } from '../lib/cleanup.ts';
import { childProcesses, processAlive } from '../lib/process-tree.ts';
import { row, type BenchRow } from '../lib/report.ts';
import { formatCount, formatMs, percentile } from '../lib/stats.ts';

/** The load: simulated users spread over catalog servers, for a while, each pausing between calls. */
export interface HostedLoad {
  users: number;
  servers: number;
  seconds: number;
  /** Pause of each user between the answer to a call and the next call. */
  thinkMs: number;
}

export const DEFAULT_HOSTED_LOAD: HostedLoad = { users: 50, servers: 5, seconds: 60, thinkMs: 250 };

const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';
/** Bound on every wait after the load (connections ending, children exiting). */
const SETTLE_MS = 15_000;

/** The hosted bench's load from `--users=`, `--servers=`, `--seconds=`, `--think-ms=` (defaults as documented). */
export function hostedLoadFrom(options: Record<string, string>): HostedLoad {
  const read = (key: string, fallback: number) => {
    const value = options[key] === undefined ? fallback : Number(options[key]);
    if (!Number.isInteger(value) || value < (key === 'think-ms' ? 0 : 1))
      throw new Error(`--${key} must be a whole number${key === 'think-ms' ? '' : ' above 0'}`);
    return value;
  };
  return {
    users: read('users', DEFAULT_HOSTED_LOAD.users),
    servers: read('servers', DEFAULT_HOSTED_LOAD.servers),
    seconds: read('seconds', DEFAULT_HOSTED_LOAD.seconds),
    thinkMs: read('think-ms', DEFAULT_HOSTED_LOAD.thinkMs),
  };
}

/**
 * `toolscope serve` (the bundle users run) under load: each simulated user signs its socket with the
 * SSO header, opens a catalog server (a stdio process of its own, as in production), and calls its
 * echo tool until the time is up. Every frame is recorded, as with the default store. Reports the
 * connections held, call latency as the users saw it, the bridge's RSS, errors, and processes left.
 */
export async function benchHostedLoad(
  cleanup: CleanupStack,
  options: Record<string, string>,
): Promise<BenchRow[]> {
  const load = hostedLoadFrom(options);
  const folder = mkdtempSync(path.join(tmpdir(), 'toolscope-bench-hosted-'));
  cleanup.defer('the hosted bench folder', () => rmSync(folder, { recursive: true, force: true }));
  const config = path.join(folder, 'hosted.json');
  writeFileSync(config, JSON.stringify(benchConfig(load, folder)));
  const serve = await startServe(['--config', config, '--port', '0'], {}, 60_000, ['bin/toolscope.js']);
  cleanup.defer('the hosted bridge', async () => void (await serve.stop()));
  const pid = serve.child.pid!;

  const seenChildren = new Set<number>();
  const rss: number[] = [];
  const held: number[] = [];
  const sample = async () => {
    for (const child of childProcesses(pid)) seenChildren.add(child);
    const bytes = residentBytes(pid);
    if (bytes !== undefined) rss.push(bytes);
    held.push((await readGauges(serve)).connections);
  };

  const pages: HostedPage[] = [];
  cleanup.defer('the simulated users', () => pages.forEach((page) => page.close()));
  const connectStarted = performance.now();
  const opened = await Promise.allSettled(
    Array.from({ length: load.users }, async (_, user) => {
      const page = await HostedPage.open(serve.port, {
        'x-forwarded-user': `user-${user + 1}`,
        // A browser sends its page's origin; the bridge checks it for ambient credentials.
        origin: new URL(serve.url).origin,
      });
      pages.push(page);
      await page.open({ catalog: { server: serverName(user % load.servers) } });
      return page;
    }),
  );
  const connectMs = performance.now() - connectStarted;
  const connectErrors = opened.flatMap((result) =>
    result.status === 'rejected' ? [String(result.reason)] : [],
  );
  const users = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));

  const latencies: number[] = [];
  const callErrors: string[] = [];
  const deadline = performance.now() + load.seconds * 1000;
  const sampler = setInterval(() => void sample(), 1000);
  await sample();
  await Promise.all(
    users.map(async (page, user) => {
      for (let call = 0; performance.now() < deadline; call++) {
        const started = performance.now();
        const answer = await page.callTool('echo', { message: `user ${user + 1} call ${call}` });
        latencies.push(performance.now() - started);
        if (answer.error || answer.result?.isError)
          callErrors.push(answer.error?.message ?? JSON.stringify(answer.result?.content));
        if (load.thinkMs) await new Promise((resolve) => setTimeout(resolve, load.thinkMs));
      }
    }),
  );
  clearInterval(sampler);
  await sample();
  const gauges = await readGauges(serve);
  const socketErrors = users.flatMap((page) => page.errors());

  for (const page of pages) page.close();
  const ended = await waitFor(async () => (await readGauges(serve)).childProcesses === 0, SETTLE_MS);
  const leftWhileUp = childProcesses(pid).length;
  await serve.stop();
  const leaked = [...seenChildren].filter(processAlive).length + (ended ? 0 : leftWhileUp);

  const errors = connectErrors.length + callErrors.length + socketErrors.length;
  for (const error of [...connectErrors, ...callErrors, ...socketErrors].slice(0, 5))
    console.error(`bench hosted: ${error}`);
  const steady = held.slice(1, -1);
  const area = 'Hosted load';
  const shape = `${load.users} users over ${load.servers} catalog servers (stdio), ${load.seconds} s, ${load.thinkMs} ms between calls`;
  return [
    row({ area, figure: 'Load', value: shape }),
    row({
      area,
      figure: 'Connections held (fewest / most during the load)',
      value: `${Math.min(...(steady.length ? steady : held))} / ${Math.max(...held)}`,
      target: `${load.users} throughout`,
      passed: Math.min(...(steady.length ? steady : held)) === load.users,
    }),
    row({ area, figure: 'Time to connect every user (spawn + initialize)', value: formatMs(connectMs) }),
    row({
      area,
      figure: 'Tool calls answered',
      value: `${formatCount(latencies.length)} (${formatCount(latencies.length / load.seconds)} per s; bridge counted ${formatCount(gauges.calls)})`,
    }),
    row({
      area,
      figure: 'Call latency p50 (as the users saw it)',
      value: formatMs(percentile(latencies, 50)),
    }),
    row({ area, figure: 'Call latency p99', value: formatMs(percentile(latencies, 99)) }),
    row({
      area,
      figure: 'Bridge RSS (start of load / peak / end)',
      value: `${formatMb(rss[0] ?? 0)} / ${formatMb(Math.max(...rss))} / ${formatMb(rss.at(-1) ?? 0)}`,
    }),
    row({
      area,
      figure: 'Errors (connects, calls, bridge events)',
      value: String(errors),
      target: '0',
      passed: errors === 0,
    }),
    row({
      area,
      figure: 'Server processes left after the users left and the bridge stopped',
      value: `${leaked} of ${seenChildren.size} started`,
      target: '0',
      passed: leaked === 0 && ended,
    }),
  ];
}

function serverName(index: number): string {
  return `echo-${index + 1}`;
}

/** The catalog (the built-in demo server, bundled, once per entry), users by SSO header, limits that fit the load. */
function benchConfig(load: HostedLoad, folder: string): Record<string, unknown> {
  const demo = { command: process.execPath, args: [projectPath('lib/demo-server.js')], cwd: projectPath() };
  const mcpServers = Object.fromEntries(
    Array.from({ length: load.servers }, (_, i) => [serverName(i), demo]),
  );
  const callsPerMinute = Math.ceil(60_000 / Math.max(load.thinkMs, 1)) * 2;
  return {
    version: 1,
    auth: {
      tokens: [{ user: 'bench-admin', sha256: tokenDigest(ADMIN_TOKEN) }],
      trustedHeader: { name: 'X-Forwarded-User', from: ['127.0.0.1/32'] },
    },
    catalog: { mcpServers },
    limits: {
      connectionsPerUser: 1,
      connectionsTotal: load.users,
      stdioProcessesTotal: load.users,
      toolCallsPerMinute: callsPerMinute,
    },
    log: { level: 'warn' },
    // /metrics is for named users only (its figures are process-wide): the bench reads its gauges as the admin.
    metrics: { users: ['bench-admin'] },
    store: { dataDir: path.join(folder, 'data') },
  };
}

/** The bridge's own counts, from its Prometheus metrics. */
async function readGauges(
  serve: ServeProcess,
): Promise<{ connections: number; childProcesses: number; calls: number }> {
  const response = await fetch(`${serve.url}metrics`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
  const text = await response.text();
  const value = (pattern: RegExp) =>
    [...text.matchAll(pattern)].reduce((sum, match) => sum + Number(match[1]), 0);
  return {
    connections: value(/^toolscope_connections (\S+)$/gm),
    childProcesses: value(/^toolscope_child_processes (\S+)$/gm),
    calls: value(/^toolscope_tool_calls_total\{[^}]*\} (\S+)$/gm),
  };
}

/** Polls `check` every 100 ms until it holds or `ms` pass; true when it held. */
async function waitFor(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}
