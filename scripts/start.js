// @ts-check
/**
 * `npm start [-- <toolscope flags>]` in a checkout: builds the web app, the bridge and the check
 * command only when their sources changed since the last build (quietly), then runs the bridge
 * bundle (or, for `npm start -- check`, the check command's) in this process.
 */
import { build } from './build.js';

try {
  await build({ ifStale: true, quiet: true });
} catch (error) {
  console.error(`toolscope: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
// By URL, so that the type checker does not read the bundles; bin/toolscope.js runs the bridge, or
// the check command's own bundle for `npm start -- check`.
await import(new URL('../bin/toolscope.js', import.meta.url).href);
