/**
 * `npm run bench [-- <section>...] [--no-build]`: measures the bridge and the UI and prints one
 * table, every figure beside a baseline measured in the same run. Sections: bridge, memory, relay-memory, recording, js,
 * ui, start, era
 * (default: all). Writes the table to bench-results/latest.md as well.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { projectPath } from '../test/support/start-cli.ts';
import { CleanupStack } from './lib/cleanup.ts';
import { describeMachine } from './lib/machine.ts';
import { formatTable, type BenchRow } from './lib/report.ts';
import { benchBridgeMemory } from './sections/bridge-memory.ts';
import { benchBridgeOverhead } from './sections/bridge-overhead.ts';
import { benchEraConnect } from './sections/era-connect.ts';
import { benchInitialJs } from './sections/initial-js.ts';
import { benchRecordingCost } from './sections/recording-cost.ts';
import { benchRelayMemory } from './sections/relay-memory.ts';
import { benchStartTime } from './sections/start-time.ts';
import { benchUiScale } from './sections/ui-scale.ts';

const SECTIONS: Record<string, (cleanup: CleanupStack) => Promise<BenchRow[]> | BenchRow[]> = {
  bridge: benchBridgeOverhead,
  memory: benchBridgeMemory,
  'relay-memory': benchRelayMemory,
  recording: benchRecordingCost,
  js: () => benchInitialJs(),
  ui: benchUiScale,
  start: benchStartTime,
  era: benchEraConnect,
};

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => !(arg in SECTIONS) && arg !== '--no-build');
  if (unknown.length) {
    console.error(`Unknown section ${unknown.join(', ')}; choose from ${Object.keys(SECTIONS).join(', ')}`);
    process.exit(2);
  }
  const chosen = args.filter((arg) => arg in SECTIONS);
  const sections = chosen.length ? chosen : Object.keys(SECTIONS);
  if (!args.includes('--no-build') && sections.some((name) => name === 'ui' || name === 'js')) build();

  const cleanup = new CleanupStack();
  const stop = () => void cleanup.runAll().finally(() => process.exit(130));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const rows: BenchRow[] = [];
  const started = performance.now();
  try {
    for (const name of sections) {
      console.error(`bench: ${name}…`);
      rows.push(...(await SECTIONS[name]!(cleanup)));
      await cleanup.runAll(); // each section leaves nothing running behind it
    }
  } finally {
    await cleanup.runAll();
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const command = `npm run bench${chosen.length ? ` -- ${chosen.join(' ')}` : ''}`;
  const report = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC in ${seconds} s on ${describeMachine()}.`,
    `Reproduce with \`${command}\`. Baselines were measured in the same run, alternating with the measured side where it matters.`,
    '',
    formatTable(rows),
    '',
  ].join('\n');
  console.log(report);
  mkdirSync(projectPath('bench-results'), { recursive: true });
  writeFileSync(projectPath('bench-results/latest.md'), `# Toolscope benchmark\n\n${report}`);
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

// Under load, undici adds an abort listener per request to the SDK transport's one AbortSignal and
// removes it only at garbage collection, which Node reports as a listener leak. It is not one (they
// are collected), so that warning is dropped; every other warning is still printed.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warning.name !== 'MaxListenersExceededWarning') console.warn(warning);
});

await main();
