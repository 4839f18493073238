/**
 * The exit codes every headless command shares (check, load, eval): 0 all good, 1 a finding or a
 * failed case, 2 bad usage or a server that cannot be reached.
 */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE_OR_CONNECT = 2;

/** Whether the words before `--` ask for JSON: read before parsing, so a usage error is JSON too. */
export function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).includes('--json');
}

/**
 * Says why a command could not run, and returns exit code 2: on stderr as `toolscope <command>: …`,
 * and with `--json` also as JSON on stdout, so a pipeline reading stdout always gets JSON.
 */
export function failUsage(command: string, message: string, json: boolean): number {
  console.error(`toolscope ${command}: ${message}`);
  if (json) console.log(JSON.stringify({ error: message, exitCode: EXIT_USAGE_OR_CONNECT }, null, 2));
  return EXIT_USAGE_OR_CONNECT;
}
