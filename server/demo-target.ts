import path from 'node:path';
import type { StdioTarget } from '#shared/targets.ts';

/** Root folder of the Toolscope package (this module runs as server/demo-target.ts or inside lib/cli.js). */
export const PACKAGE_ROOT = path.resolve(import.meta.dirname, '..');

/** True in a checkout running the TypeScript sources through tsx; false in the built bundle. */
const RUNNING_FROM_SOURCE = import.meta.url.endsWith('.ts');

/**
 * The built-in demo server: the bundle next to the bridge's own (an installed package has no
 * TypeScript sources and no tsx), or the source through tsx when the bridge runs from source.
 */
export function demoServerTarget(): StdioTarget {
  return {
    transport: 'stdio',
    command: process.execPath,
    args: RUNNING_FROM_SOURCE
      ? ['--import', 'tsx', 'server/demo/demo-server.ts']
      : [path.join('lib', 'demo-server.js')],
    cwd: PACKAGE_ROOT,
  };
}
