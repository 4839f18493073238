import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/** Writes this process's id to `file`, for `toolscope serve --reload <file>` and init scripts. */
export function writePidFile(file: string): void {
  writeFileSync(file, `${process.pid}\n`, { mode: 0o644 });
}

/** Removes `file` when it still names this process (another serve may have taken it over). */
export function removePidFile(file: string): void {
  try {
    if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
  } catch {
    // Already gone.
  }
}

/**
 * Asks the `toolscope serve` whose id `file` holds to reload its config (SIGHUP), and answers what
 * to tell the admin; throws with a one-line reason when there is no such process. A stale file
 * naming another program's process is refused where the system says what runs there (Linux's
 * /proc), since SIGHUP ends most programs.
 */
export function signalReload(
  file: string,
  kill: (pid: number, signal: NodeJS.Signals | 0) => void = (pid, signal) => process.kill(pid, signal),
  commandLineOf: (pid: number) => string | undefined = readCommandLine,
): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new Error(
      `cannot read the pid file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      { cause: error },
    );
  }
  const pid = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(pid) || pid <= 1)
    throw new Error(`the pid file ${file} holds no process id`);
  try {
    kill(pid, 0);
  } catch (error) {
    throw new Error(`no process ${pid} is running (the pid file ${file} is stale: is Toolscope running?)`, {
      cause: error,
    });
  }
  const command = commandLineOf(pid);
  if (command !== undefined && !/\bserve\b/.test(command))
    throw new Error(`process ${pid} is not a toolscope serve (the pid file ${file} is stale)`);
  kill(pid, 'SIGHUP');
  return `Asked Toolscope (process ${pid}) to reload its config: its log says what changed, or why it kept the running config.`;
}

/** The command line of process `pid` where the system shows it (Linux), else undefined. */
function readCommandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return undefined;
  }
}
