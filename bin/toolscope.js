#!/usr/bin/env node
// Runs the bridge bundle (lib/cli.js): the package ships it built; a checkout builds it with `npm run build`.
import { existsSync } from 'node:fs';

const cli = new URL('../lib/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error('toolscope: the bridge is not built: run `npm run build` in this checkout first');
  process.exit(1);
}
await import(cli.href);
