import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BridgeConfigResponse } from '#shared/api-types.ts';
import { TOKEN_HEADER } from '#shared/bridge-protocol.ts';
import { createNodeSession } from '../../test/support/node-session.ts';
import { projectPath } from '../../test/support/start-cli.ts';
import type { CleanupStack } from '../lib/cleanup.ts';
import { row, type BenchRow } from '../lib/report.ts';
import { connectOrThrow } from '../lib/sessions.ts';
import { formatMs, median } from '../lib/stats.ts';

const ROUNDS = 3;
/** The "before" variant builds the web app each time (10-40 s on 2 loaded cores): once is enough to show it. */
const BEFORE_ROUNDS = 1;
const FLAGS = ['--no-open', '--port', '0'];

/** One way of starting Toolscope with no target (the demo server), as a shell command line. */
interface Variant {
  label: string;
  command: string;
}

const VARIANTS: Variant[] = [
  {
    label: 'before: `npm start` built the web app every time, then ran the bridge from source',
    // The same work as the old `npm run --silent build && node --import tsx server/cli.ts`; the
    // web build goes elsewhere, so that dist/ and its stamp stay as `npm start` left them.
    command: `node node_modules/vite/bin/vite.js build --logLevel silent --outDir "${path.join(tmpdir(), 'toolscope-bench-dist')}" --emptyOutDir && exec node --import tsx server/cli.ts ${FLAGS.join(' ')}`,
  },
  {
    label: '`node --import tsx server/cli.ts` (from source)',
    command: `exec node --import tsx server/cli.ts ${FLAGS.join(' ')}`,
  },
  {
    label: '`node bin/toolscope.js` (the bundle, as installed)',
    command: `exec node bin/toolscope.js ${FLAGS.join(' ')}`,
  },
  { label: '`npm start`, sources unchanged (no build)', command: `exec npm start -- ${FLAGS.join(' ')}` },
];

/**
 * How long Toolscope takes to start: from the command to its ready line, and to the demo server
 * connected through it (the page's session code, run in Node, connecting to the bridge's initial
 * target). The variants alternate, one start each per round.
 */
export async function benchStartTime(cleanup: CleanupStack): Promise<BenchRow[]> {
  // Up to date first, so that `npm start` measures a start without a build.
  await startOnce({ label: 'warm-up', command: VARIANTS[3]!.command }, cleanup);
  const times = VARIANTS.map(() => ({ ready: [] as number[], connected: [] as number[] }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, variant] of VARIANTS.entries()) {
      if (index === 0 && round >= BEFORE_ROUNDS) continue;
      const { ready, connected } = await startOnce(variant, cleanup);
      times[index]!.ready.push(ready);
      times[index]!.connected.push(connected);
    }
  }
  return VARIANTS.flatMap((variant, index) => [
    row({
      area: 'Start',
      figure: `${variant.label}: to the ready line, ${index === 0 ? `once` : `median of ${ROUNDS}`}`,
      value: formatMs(median(times[index]!.ready)),
    }),
    row({
      area: 'Start',
      figure: `${variant.label}: to the demo server connected`,
      value: formatMs(median(times[index]!.connected)),
    }),
  ]);
}

async function startOnce(
  variant: Variant,
  cleanup: CleanupStack,
): Promise<{ ready: number; connected: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'toolscope-bench-start-'));
  const started = performance.now();
  // Its own process group: npm and sh pass no signal on, and the whole group must end.
  const child = spawn('sh', ['-c', variant.command], {
    cwd: projectPath(),
    env: { ...process.env, TOOLSCOPE_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return; // already gone
    }
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    rmSync(dataDir, { recursive: true, force: true });
  };
  cleanup.defer(`toolscope (${variant.label})`, stop);
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<URL>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No ready line in 120 s:\n${output}`)), 120_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Toolscope ready: (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(new URL(match[1]!));
      }
    });
    void exited.then(() => reject(new Error(`${variant.label} exited:\n${output}`)));
  });
  const ready = performance.now() - started;
  const token = url.searchParams.get('token') ?? '';
  const config = (await (
    await fetch(new URL('/api/config', url), { headers: { [TOKEN_HEADER]: token } })
  ).json()) as BridgeConfigResponse;
  const session = createNodeSession(url.origin, token);
  await connectOrThrow(session, config.initialTarget!);
  const connected = performance.now() - started;
  await session.disconnect();
  await stop();
  return { ready, connected };
}
