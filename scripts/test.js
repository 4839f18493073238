#!/usr/bin/env node
// @ts-check
// `npm test`: every suite in turn (checks, unit, build, integration, end-to-end, package), stopping at the
// first that fails, then each part's time and the load average, so a slow run shows where its time went.
//   node scripts/test.js [--from <part>]   (start at a later part, e.g. after fixing an e2e test)
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';

/**
 * The parts of `npm test`, in order: a name and the command that runs it.
 * @type {{ name: string; command: [string, ...string[]] }[]}
 */
export const PARTS = [
  { name: 'check', command: ['npm', 'run', 'check'] },
  { name: 'unit', command: ['npx', 'vitest', 'run', '--project', 'unit'] },
  { name: 'build', command: ['npm', 'run', 'build'] },
  { name: 'integration', command: ['npx', 'vitest', 'run', '--project', 'integration'] },
  { name: 'e2e', command: ['npx', 'playwright', 'test'] },
  { name: 'pack', command: ['npm', 'run', 'test:pack'] },
];

/**
 * The parts from `from` on (all when undefined); throws on an unknown name.
 * @param {string | undefined} from
 */
export function partsFrom(from) {
  if (from === undefined) return PARTS;
  const index = PARTS.findIndex((part) => part.name === from);
  if (index < 0) throw new Error(`unknown part ${from}: one of ${PARTS.map((p) => p.name).join(', ')}`);
  return PARTS.slice(index);
}

/**
 * One line per part run: its seconds, its name, and whether it failed.
 * @param {{ name: string; seconds: number; ok: boolean }[]} rows
 */
export function timesTable(rows) {
  const lines = rows.map(
    ({ name, seconds, ok }) => `${seconds.toFixed(0).padStart(5)} s  ${name}${ok ? '' : '  (failed)'}`,
  );
  const total = rows.reduce((sum, row) => sum + row.seconds, 0);
  return [...lines, `${total.toFixed(0).padStart(5)} s  in all`].join('\n');
}

/** @param {string[]} argv */
function main(argv) {
  const fromIndex = argv.indexOf('--from');
  const parts = partsFrom(fromIndex >= 0 ? argv[fromIndex + 1] : undefined);
  /** @type {{ name: string; seconds: number; ok: boolean }[]} */
  const rows = [];
  for (const part of parts) {
    console.log(`\n== npm test: ${part.name}`);
    const started = performance.now();
    const result = spawnSync(part.command[0], part.command.slice(1), { stdio: 'inherit' });
    const ok = result.status === 0;
    rows.push({ name: part.name, seconds: (performance.now() - started) / 1000, ok });
    if (!ok) break;
  }
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  console.log(`\n== npm test: times (load average at the end: ${load})\n${timesTable(rows)}`);
  return rows.every((row) => row.ok) && rows.length === parts.length ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(main(process.argv.slice(2)));
