/**
 * docs/usage.md's "Every flag" section is each command's own --help, written in by this script
 * (`npx tsx scripts/usage-doc.ts`), so the page lists exactly the flags the command lines read.
 * scripts/usage-doc.test.ts fails when the two part.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { USAGE } from '../server/cli-args.ts';
import { CHECK_USAGE } from '../cli/check/check-args.ts';
import { LOAD_USAGE } from '../cli/load/load-args.ts';
import { EVAL_USAGE } from '../cli/eval/eval-args.ts';
import { SERVE_USAGE } from '../server/hosted/serve-command.ts';
import { STORE_USAGE } from '../server/store-command/store-command.ts';

export const USAGE_DOC = fileURLToPath(new URL('../docs/usage.md', import.meta.url));
const START = '<!-- every flag: written by scripts/usage-doc.ts from each --help -->';
const END = '<!-- end of every flag -->';

const COMMANDS: readonly [string, string][] = [
  ['toolscope', USAGE],
  ['toolscope check', CHECK_USAGE],
  ['toolscope load', LOAD_USAGE],
  ['toolscope eval', EVAL_USAGE],
  ['toolscope serve', SERVE_USAGE],
  ['toolscope store', STORE_USAGE],
];

/** The section as the commands' help texts make it. */
export function everyFlagSection(): string {
  const parts = COMMANDS.map(([name, help]) => `### \`${name}\`\n\n\`\`\`\n${help.trimEnd()}\n\`\`\``);
  return `${START}\n\n${parts.join('\n\n')}\n\n${END}`;
}

/** `doc` with its section replaced by `section`; throws when the markers are missing. */
export function withSection(doc: string, section: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${USAGE_DOC} lacks the "every flag" markers`);
  return doc.slice(0, start) + section + doc.slice(end + END.length);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(USAGE_DOC, withSection(readFileSync(USAGE_DOC, 'utf8'), everyFlagSection()));
}
