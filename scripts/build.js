// @ts-check
/**
 * `npm run build`: the web app (Vite, into dist/), the bridge (rolldown, lib/cli.js and
 * lib/demo-server.js) and the headless commands `toolscope check`, `load` and `eval` (rolldown,
 * lib/check.js, lib/load.js and lib/eval.js: the headless client run over the bridge's channel), with
 * the runtime dependencies left as imports. Each build stamps the
 * hash of its inputs, so `--if-stale` (used by `npm start` and `prepack`) builds only what changed.
 * `--quiet` prints nothing but Toolscope's own lines, and a failing build's output.
 *
 *   node scripts/build.js [--if-stale] [--quiet]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkFreshness, writeStamp } from './build-freshness.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const SHARED_INPUTS = ['shared', 'package.json', 'package-lock.json', 'tsconfig.json', 'scripts/build.js'];

/** @typedef {'web' | 'bridge' | 'check'} BuildKey */

/** @type {Record<BuildKey, import('./build-freshness.js').BuildSpec>} */
export const BUILDS = {
  web: {
    name: 'web app',
    inputs: ['web', 'client', 'public', 'vite.config.ts', ...SHARED_INPUTS],
    outputs: ['dist/index.html'],
    stamp: 'dist/.build-stamp',
  },
  bridge: {
    name: 'bridge',
    inputs: ['server', ...SHARED_INPUTS],
    outputs: ['lib/cli.js', 'lib/demo-server.js', 'lib/large-text-worker.js'],
    stamp: 'lib/.build-stamp',
  },
  check: {
    name: 'headless commands',
    // The headless client and its checks, and the bridge's channel and upstream it runs them over.
    inputs: ['cli', 'client', 'server', ...SHARED_INPUTS],
    outputs: ['lib/check.js', 'lib/load.js', 'lib/eval.js'],
    stamp: 'lib/.check-build-stamp',
  },
};

/** The order of the builds: the bridge's empties lib/, so the headless commands' comes after it. */
const ORDER = /** @type {const} */ (['web', 'bridge', 'check']);

/**
 * Builds the web app and the bridge, or with `ifStale` only those whose sources changed since
 * their last build. Returns the names of what it built; throws when a build fails.
 * @param {{ ifStale?: boolean, quiet?: boolean, log?: (line: string) => void }} options
 */
export async function build({ ifStale = false, quiet = false, log = (line) => console.error(line) } = {}) {
  const states = ORDER.map((key) => ({ key, spec: BUILDS[key], state: checkFreshness(ROOT, BUILDS[key]) }));
  const bridgeStale = !states[1]?.state.fresh;
  const stale = states
    .map((entry) =>
      // The bridge's build empties lib/, where the headless commands' bundles lie too.
      entry.key === 'check' && entry.state.fresh && bridgeStale
        ? { ...entry, state: { ...entry.state, fresh: false, reason: 'the bridge build empties lib/' } }
        : entry,
    )
    .filter(({ state }) => !ifStale || !state.fresh);
  if (!stale.length) return [];
  const why = stale.map(({ spec, state }) =>
    ifStale && !state.fresh ? `${spec.name} (${state.reason})` : spec.name,
  );
  log(`toolscope: building the ${why.join(' and the ')}…`);
  const started = performance.now();
  for (const { key, spec, state } of stale) {
    if (key === 'web') buildWeb(quiet);
    else if (key === 'bridge') await buildBridge(quiet);
    else await buildCheck(quiet);
    writeStamp(ROOT, spec, state.hash);
  }
  log(`toolscope: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return stale.map(({ spec }) => spec.name);
}

/** @param {boolean} quiet */
function buildWeb(quiet) {
  const require = createRequire(import.meta.url);
  const vitePackage = require.resolve('vite/package.json');
  const bin = /** @type {{ bin: { vite: string } }} */ (JSON.parse(readFileSync(vitePackage, 'utf8'))).bin
    .vite;
  const result = spawnSync(process.execPath, [path.join(path.dirname(vitePackage), bin), 'build'], {
    cwd: ROOT,
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
  });
  if (result.status === 0) return;
  if (quiet) process.stderr.write(`${result.stdout}${result.stderr}`);
  throw new Error(`the web app build failed (vite build exited with ${result.status ?? result.signal})`);
}

/** The project's own code (`#shared/*` included): bundled; anything else is a dependency. */
const isOwnCode = (/** @type {string} */ id) => /^[./#]/.test(id) || path.isAbsolute(id);

/**
 * One rolldown bundle for Node into lib/, as ESM, one file per input.
 * @param {boolean} quiet
 * @param {{ input: Record<string, string>; external: (id: string) => boolean; chunkFileNames: string;
 *   cleanDir?: boolean; treeshake?: import('rolldown').InputOptions['treeshake'] }} bundleOptions
 */
async function bundleForNode(quiet, { input, external, chunkFileNames, cleanDir, treeshake }) {
  const { build: bundle } = await import('rolldown');
  await bundle({
    cwd: ROOT,
    input,
    platform: 'node',
    external,
    ...(treeshake ? { treeshake } : {}),
    transform: { target: 'node20.19' },
    logLevel: quiet ? 'silent' : 'warn',
    output: { dir: 'lib', format: 'esm', entryFileNames: '[name].js', chunkFileNames, cleanDir },
  });
}

/** @param {boolean} quiet */
async function buildBridge(quiet) {
  await bundleForNode(quiet, {
    input: {
      cli: 'server/cli.ts',
      'demo-server': 'server/demo/demo-server.ts',
      // The hosted bridge's reader of large page texts, a worker thread (server/http/large-text-parser.ts).
      'large-text-worker': 'server/http/large-text-worker.ts',
    },
    // Only the project's own code is bundled; dependencies stay imports.
    external: (id) => !isOwnCode(id),
    chunkFileNames: '[name]-[hash].js',
    cleanDir: true,
  });
}

/** Dependencies bundled into the headless commands (see buildCheck). */
const BUNDLED_FOR_CHECK = /^(ajv|ajv-formats|fast-deep-equal|fast-uri|json-schema-traverse)(\/|$)|\.json$/;

/** @param {boolean} quiet */
async function buildCheck(quiet) {
  // Its last build's files go first (lib/ is not emptied for it: the bridge's files are there).
  const lib = path.join(ROOT, 'lib');
  for (const name of existsSync(lib) ? readdirSync(lib) : [])
    if (/^(check|load|eval)(-.*)?\.js$/.test(name)) rmSync(path.join(lib, name));
  await bundleForNode(quiet, {
    // One build, so the three share their chunks (the session, the bridge's channel and upstream).
    input: {
      check: 'cli/check/check-command.ts',
      load: 'cli/load/load-command.ts',
      eval: 'cli/eval/eval-command.ts',
    },
    // As the bridge's, with exceptions for the page's schema checks it runs: Ajv (a dev dependency:
    // the page bundles it too), its own dependencies and JSON meta-schemas are bundled, and the form
    // library they sit beside is never loaded (its import is only for the page's forms).
    external: (id) => !isOwnCode(id) && !BUNDLED_FOR_CHECK.test(id),
    treeshake: { moduleSideEffects: (id, external) => !(external && id.startsWith('@rjsf/')) },
    // Beside the bridge's bundle (the package root is one folder up from both), chunks named apart.
    chunkFileNames: 'check-[name]-[hash].js',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const flags = process.argv.slice(2);
  const unknown = flags.filter((flag) => flag !== '--if-stale' && flag !== '--quiet');
  if (unknown.length) {
    console.error(`usage: node scripts/build.js [--if-stale] [--quiet] (unknown: ${unknown.join(' ')})`);
    process.exit(2);
  }
  try {
    await build({ ifStale: flags.includes('--if-stale'), quiet: flags.includes('--quiet') });
  } catch (error) {
    console.error(`toolscope: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
