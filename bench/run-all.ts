/**
 * `npm run bench [-- <section>...] [--no-build] [--<setting>=<value>...]`: measures the bridge and the
 * UI and prints one table, every figure beside a baseline measured in the same run. Sections: bridge,
 * memory, relay-memory, recording, store, js, ui, start, era, masking (default: all of these), and hosted (a load test of
 * `toolscope serve`, run only when named; settings --users=50 --servers=5 --seconds=60 --think-ms=250).
 * Writes the table to bench-results/latest.md as well.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { projectPath } from '../test/support/start-cli.ts';
import { CleanupStack } from './lib/cleanup.ts';
import { describeMachine } from './lib/machine.ts';
import { formatTable, row, type BenchRow } from './lib/report.ts';
import { benchBridgeMemory } from './sections/bridge-memory.ts';
import { benchBridgeOverhead } from './sections/bridge-overhead.ts';
import { benchHostedFlood } from './sections/hosted-flood.ts';
import { benchHostedLoad } from './sections/hosted-load.ts';
import { benchEraConnect } from './sections/era-connect.ts';
import { benchInitialJs } from './sections/initial-js.ts';
import { benchMaskingCost } from './sections/masking-cost.ts';
import { benchRecordingCost } from './sections/recording-cost.ts';
import { benchRelayMemory } from './sections/relay-memory.ts';
import { benchStartTime } from './sections/start-time.ts';
import { benchStoreWrites } from './sections/store-writes.ts';
import { benchUiScale } from './sections/ui-scale.ts';

/** `--name=value` settings of the command line, for the sections that take some. */
type Settings = Record<string, string>;

const SECTIONS: Record<
  string,
  (cleanup: CleanupStack, settings: Settings) => Promise<BenchRow[]> | BenchRow[]
> = {
  bridge: benchBridgeOverhead,
  memory: benchBridgeMemory,
  'relay-memory': benchRelayMemory,
  recording: benchRecordingCost,
  store: benchStoreWrites,
  js: () => benchInitialJs(),
  ui: benchUiScale,
  start: benchStartTime,
  hosted: async (cleanup, settings) => [
    ...(await benchHostedLoad(cleanup, settings)),
    ...(await benchHostedFlood(cleanup)),
  ],
  // --bridge-node-args='--cpu-prof --cpu-prof-dir=/tmp/p' profiles the flooded bridge.
  'hosted-flood': (cleanup, settings) =>
    benchHostedFlood(cleanup, settings['bridge-node-args']?.split(' ').filter(Boolean)),
  era: benchEraConnect,
  masking: benchMaskingCost,
};
/** Sections left out of a run that names none: long, and about a mode most runs do not measure. */
const ONLY_WHEN_NAMED = new Set(['hosted', 'hosted-flood']);
const SETTING = /^--([a-z-]+)=(.*)$/;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => !(arg in SECTIONS) && arg !== '--no-build' && !SETTING.test(arg));
  if (unknown.length) {
    console.error(`Unknown section ${unknown.join(', ')}; choose from ${Object.keys(SECTIONS).join(', ')}`);
    process.exit(2);
  }
  const chosen = args.filter((arg) => arg in SECTIONS);
  const settings: Settings = Object.fromEntries(
    args.flatMap((arg) => {
      const match = SETTING.exec(arg);
      return match ? [[match[1]!, match[2]!]] : [];
    }),
  );
  const sections = chosen.length
    ? chosen
    : Object.keys(SECTIONS).filter((name) => !ONLY_WHEN_NAMED.has(name));
  if (!args.includes('--no-build') && sections.some((name) => name === 'ui' || name === 'js')) build();
  // The hosted load test runs the bridge as users do: the bundle in lib/.
  if (!args.includes('--no-build') && sections.includes('hosted')) buildBridge();

  const cleanup = new CleanupStack();
  const stop = () => void cleanup.runAll().finally(() => process.exit(130));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const rows: BenchRow[] = [];
  const timings: string[] = [];
  let failed = false;
  const started = performance.now();
  try {
    for (const name of sections) {
      console.error(`bench: ${name}…`);
      const sectionStarted = performance.now();
      const cpuStarted = cpuSeconds();
      try {
        rows.push(...(await SECTIONS[name]!(cleanup, settings)));
      } catch (error) {
        // One section failing (a server lost under load) must not lose the figures of the others.
        console.error(error);
        rows.push(row({ area: name, figure: 'section failed', value: String((error as Error).message) }));
        failed = true;
      }
      await cleanup.runAll(); // each section leaves nothing running behind it
      // Wall time depends on what else runs on the machine: the CPU time and the load say how much.
      const cpu = cpuSeconds();
      const timing = `${name} took ${((performance.now() - sectionStarted) / 1000).toFixed(0)} s wall, CPU ${(cpu.own - cpuStarted.own).toFixed(0)} s in the bench process + ${(cpu.children - cpuStarted.children).toFixed(0)} s in the processes it started and waited for, load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' / ')}`;
      timings.push(timing);
      console.error(`bench: ${timing}`);
      // The figures so far, in case the run is cut (a CI time limit): each section's rows stand alone.
      console.error(formatTable(rows));
    }
  } finally {
    await cleanup.runAll();
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const named = [...chosen, ...args.filter((arg) => SETTING.test(arg))];
  const command = `npm run bench${named.length ? ` -- ${named.join(' ')}` : ''}`;
  const report = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC in ${seconds} s on ${describeMachine()}.`,
    `Reproduce with \`${command}\`. Baselines were measured in the same run, alternating with the measured side where it matters.`,
    '',
    'Sections (load average over 1 / 5 / 15 minutes at the end of each):',
    '',
    ...timings.map((timing) => `- ${timing}`),
    '',
    formatTable(rows),
    '',
  ].join('\n');
  console.log(report);
  mkdirSync(projectPath('bench-results'), { recursive: true });
  writeFileSync(projectPath('bench-results/latest.md'), `# Toolscope benchmark\n\n${report}`);
  if (failed) process.exitCode = 1;
}

/**
 * CPU seconds so far: of this process, and of the child processes it has waited for (servers,
 * bridges and browsers it started, and what they waited for in turn), from /proc on Linux.
 */
function cpuSeconds(): { own: number; children: number } {
  const usage = process.cpuUsage();
  let children = 0;
  try {
    // Fields 16 and 17 of /proc/self/stat (cutime, cstime) in clock ticks of 1/100 s; the name
    // (field 2) may hold spaces, so fields are counted after its closing parenthesis.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    children = (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    // Not Linux: children's CPU time unknown (0).
  }
  return { own: (usage.user + usage.system) / 1e6, children };
}

/** Builds the web app (the UI and bundle-size sections measure dist/). */
function build(): void {
  console.error('bench: building the web app…');
  const result = spawnSync('npx', ['vite', 'build'], { cwd: projectPath(), encoding: 'utf8' });
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    throw new Error('vite build failed');
  }
}

/** Builds what changed of the web app and the bridge bundle (scripts/build.js). */
function buildBridge(): void {
  console.error('bench: building what changed…');
  const result = spawnSync(process.execPath, ['scripts/build.js', '--if-stale', '--quiet'], {
    cwd: projectPath(),
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    throw new Error('the build failed');
  }
}

// Under load, undici adds an abort listener per request to the SDK transport's one AbortSignal and
// removes it only at garbage collection, which Node reports as a listener leak. It is not one (they
// are collected), so that warning is dropped; every other warning is still printed.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warning.name !== 'MaxListenersExceededWarning') console.warn(warning);
});

await main();
