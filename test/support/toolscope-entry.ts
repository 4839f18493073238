import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The folders whose sources go into the bridge's bundle (`lib/cli.js`; `check` is lib/check.js). */
const BUNDLED_SOURCES = ['server', 'shared'];

let chosen: string[] | undefined;

/**
 * How Node runs Toolscope in tests: the built bundle (`bin/toolscope.js`, what users run) when
 * `npm run build` made it after the last change to its sources, else the sources through tsx.
 * The bundle starts the bridge and each demo server in a fraction of the time tsx takes, which is
 * most of an end-to-end test's setup; a stale bundle is never used, so a test after an edit
 * without a build still runs the code as edited. `TOOLSCOPE_TEST_FROM_SOURCE=1` forces the sources.
 */
export function toolscopeEntry(): string[] {
  chosen ??= bundleIsFresh() ? ['bin/toolscope.js'] : ['--import', 'tsx', 'server/cli.ts'];
  return chosen;
}

function bundleIsFresh(): boolean {
  if (process.env.TOOLSCOPE_TEST_FROM_SOURCE === '1') return false;
  let built: number;
  try {
    built = statSync(path.join(ROOT, 'lib', 'cli.js')).mtimeMs;
  } catch {
    return false;
  }
  return BUNDLED_SOURCES.every((folder) => newestChange(path.join(ROOT, folder)) <= built);
}

/** The latest modification time of a file under `folder` (0 when it does not exist). */
function newestChange(folder: string): number {
  let newest = 0;
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true, recursive: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}
