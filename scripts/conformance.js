#!/usr/bin/env node
// Scores Toolscope's own client (the page's session, through `toolscope check`) with the official
// MCP conformance suite, prints one row per scenario and fails below a minimum.
//   node scripts/conformance.js [--suite all | --requirements 2026-07-28] [--conformance 0.2.0-alpha.12] [--min N]
//     [--timeout <ms>]  (the suite's time limit per scenario, default 30000: raise it on a loaded machine)
// The 0.2 suite needs Node 22+; 0.1.13 runs on Node 20. The bridge is built first when stale.
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const ROOT = path.resolve(fileURLToPath(import.meta.url), '../..');
/** The conformance suite version scored by default (its scenario servers need Node 22+). */
export const DEFAULT_VERSION = '0.2.0-alpha.12';

/**
 * The suite's summary lines read into rows; `unscored` lists scenarios the suite ran but did not score.
 * @param {string} output
 */
export function readSummary(output) {
  /** @type {{ scenario: string; passed: number; failed: number; ok: boolean; scored: boolean }[]} */
  const rows = [];
  const unscored = new Set();
  let inUnscored = false;
  for (const line of output.split('\n')) {
    const row = /^\s*([✓✗])\s+(\S+):\s+(\d+) passed, (\d+) failed/.exec(line);
    if (row && !inUnscored) {
      rows.push({
        scenario: row[2] ?? '',
        passed: Number(row[3]),
        failed: Number(row[4]),
        ok: row[1] === '✓',
        scored: true,
      });
      continue;
    }
    if (/^Not scored/.test(line)) inUnscored = true;
    const listed = /^\s+[✓✗]\s+(\S+)\s+\(/.exec(line);
    if (inUnscored && listed) unscored.add(listed[1]);
  }
  for (const row of rows) row.scored = !unscored.has(row.scenario);
  return rows;
}

/** @param {string[]} argv */
function parseArgs(argv) {
  const options = {
    version: DEFAULT_VERSION,
    min: 0,
    /** @type {string[]} */ suite: ['--suite', 'all'],
    /** @type {string[]} */ timeout: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag === '--conformance' && value) options.version = value;
    else if (flag === '--min' && value) options.min = Number(value);
    else if ((flag === '--suite' || flag === '--requirements') && value) options.suite = [flag, value];
    else if (flag === '--timeout' && value && /^\d+$/.test(value)) options.timeout = [flag, value];
    else throw new Error(`unknown or incomplete option ${flag}`);
    i++;
  }
  return options;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`conformance: ${/** @type {Error} */ (error).message}`);
    process.exit(2);
  }
  const build = spawnSync(process.execPath, ['scripts/build.js', '--if-stale', '--quiet'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(1);
  const run = spawnSync(
    'npx',
    [
      '-y',
      `@modelcontextprotocol/conformance@${options.version}`,
      'client',
      '--command',
      'node bin/toolscope-conformance.js',
      ...options.suite,
      ...options.timeout,
    ],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 20 * 60_000 },
  );
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  const rows = readSummary(output);
  if (!rows.length) {
    process.stderr.write(output);
    console.error('conformance: no summary in the suite output');
    process.exit(1);
  }
  const scored = rows.filter((row) => row.scored);
  const passed = scored.filter((row) => row.ok).length;
  console.log(`| Scenario | Result | Checks passed |\n|---|---|---|`);
  for (const row of rows)
    console.log(
      `| ${row.scenario}${row.scored ? '' : ' (not scored)'} | ${row.ok ? 'pass' : 'FAIL'} | ${row.passed}/${row.passed + row.failed} |`,
    );
  console.log(
    `\n${options.suite.join(' ')} on conformance ${options.version}: ${passed}/${scored.length} scored scenarios pass (minimum ${options.min})`,
  );
  process.exit(passed >= options.min ? 0 : 1);
}
