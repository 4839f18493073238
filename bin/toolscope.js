#!/usr/bin/env node
// Runs the bridge bundle (lib/cli.js), or for `toolscope check` its own bundle (lib/check.js): the
// package ships both built; a checkout builds them with `npm run build`.
import { existsSync } from 'node:fs';

const check = process.argv[2] === 'check';
const bundle = new URL(check ? '../lib/check.js' : '../lib/cli.js', import.meta.url);
if (!existsSync(bundle)) {
  console.error(
    `toolscope: ${check ? 'the check command' : 'the bridge'} is not built: run \`npm run build\` in this checkout first`,
  );
  process.exit(1);
}
if (check) {
  const { runCheck } = await import(bundle.href);
  process.exit(await runCheck(process.argv.slice(3)));
}
await import(bundle.href);
