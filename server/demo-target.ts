import path from 'node:path';
import type { StdioTarget } from '#shared/targets.ts';

/** Root folder of the Toolscope package. */
export const PACKAGE_ROOT = path.resolve(import.meta.dirname, '..');

/** The built-in demo server, run from source with tsx. */
export function demoServerTarget(): StdioTarget {
  return {
    transport: 'stdio',
    command: process.execPath,
    args: ['--import', 'tsx', 'server/demo/demo-server.ts'],
    cwd: PACKAGE_ROOT,
  };
}
