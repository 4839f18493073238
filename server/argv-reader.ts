/**
 * Reads a command line one option at a time, the same way for `toolscope`, `toolscope check` and
 * `toolscope serve`: `--name=value` counts as `--name value`, and an option's value is never
 * another option.
 */
export class ArgvReader {
  private readonly rest: string[];

  constructor(argv: readonly string[]) {
    this.rest = [...argv];
  }

  /** The next word, with `--name=value` split so that `value` comes next; undefined at the end. */
  next(): string | undefined {
    const arg = this.rest.shift();
    if (arg === undefined) return undefined;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    if (eq <= 0) return arg;
    this.rest.unshift(arg.slice(eq + 1));
    return arg.slice(0, eq);
  }

  /** The value of `flag`; throws when it is missing or is itself an option. */
  value(flag: string): string {
    const next = this.rest.shift();
    if (next === undefined || (next.startsWith('--') && next.length > 2))
      throw new Error(`${flag} needs a value`);
    return next;
  }

  /** The value of `flag` as a TCP port (0 = a free port). */
  port(flag: string): number {
    return portNumber(flag, this.value(flag));
  }

  /** Every word not read yet (what follows `--`). */
  remaining(): string[] {
    return this.rest.splice(0);
  }
}

/** A TCP port (0 = a free port) read from an option's value, or an Error naming the option. */
export function portNumber(flag: string, text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${flag} must be 0..65535`);
  return port;
}
