// @ts-check
/**
 * `npm start [-- <toolscope flags>]` in a checkout: builds the web app and the bridge only when their
 * sources changed since the last build (quietly), then runs the bridge bundle in this process.
 */
import { build } from './build.js';

try {
  await build({ ifStale: true, quiet: true });
} catch (error) {
  console.error(`toolscope: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
// By URL, so that the type checker does not read the bundle.
await import(new URL('../lib/cli.js', import.meta.url).href);
