#!/usr/bin/env node
// Runs the bridge bundle (lib/cli.js), or for a headless command (check, load, eval) its own bundle:
// the package ships them built; a checkout builds them with `npm run build`.
import { existsSync } from 'node:fs';

/** Headless commands: the bundle each lives in, and the function that runs it and resolves with the exit code. */
const COMMANDS = {
  check: { bundle: '../lib/check.js', run: 'runCheck' },
  load: { bundle: '../lib/load.js', run: 'runLoad' },
  eval: { bundle: '../lib/eval.js', run: 'runEval' },
};

const name = process.argv[2] ?? '';
const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[/** @type {keyof COMMANDS} */ (name)] : undefined;
const bundle = new URL(command ? command.bundle : '../lib/cli.js', import.meta.url);
if (!existsSync(bundle)) {
  console.error(
    `toolscope: ${command ? `the ${name} command` : 'the bridge'} is not built: run \`npm run build\` in this checkout first`,
  );
  process.exit(command ? 2 : 1);
}
if (command) {
  const module = await import(bundle.href);
  process.exit(await module[command.run](process.argv.slice(3)));
}
await import(bundle.href);
