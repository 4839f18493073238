import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from './demo-target.ts';

/** Toolscope's version from its package.json, for `--version` and the client info a headless command sends. */
export function packageVersion(): string {
  try {
    const text = readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8');
    return (JSON.parse(text) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
