import { ArgvReader } from './argv-reader.ts';

/**
 * One option of a command line, described once: its name, whether it takes a value, its help text and
 * what it does to the options being built. A command line is a table of these, read by
 * {@link parseFlags} and printed by {@link flagHelp}, so a new option is one entry, not a switch case
 * and a help line kept apart.
 */
export interface Flag<T> {
  /** `--tool`. */
  name: string;
  /** Other spellings (`-h`). */
  aliases?: readonly string[];
  /** The value's placeholder (`<name>`) when the option takes one; absent for a switch. */
  value?: string;
  /** What it does, one sentence or more (wrapped by {@link flagHelp}). */
  help: string;
  /** Applies the option (`value` is '' for a switch); throws an Error with a readable message on bad input. */
  apply: (options: T, value: string) => void;
}

/** What {@link parseFlags} does with words that are not in the table. */
export interface UnknownWords {
  /** A word that is not an option (a file name); throw to refuse it. */
  positional?: (word: string) => void;
  /** An option outside the table, with the reader to take its value from; false: refused as unknown. */
  option?: (flag: string, args: ArgvReader) => boolean;
  /** `--` and every word after it (a stdio server's command line). */
  rest?: (words: string[]) => void;
}

/**
 * Reads `argv` against `table` into `options`. `--name=value` counts as `--name value` and a value is
 * never another option (see ArgvReader). Throws an Error naming the unknown or malformed option.
 */
export function parseFlags<T>(
  argv: readonly string[],
  table: readonly Flag<T>[],
  options: T,
  unknown: UnknownWords = {},
): T {
  const byName = flagIndex(table);
  const args = new ArgvReader(argv);
  for (let arg = args.next(); arg !== undefined; arg = args.next()) {
    if (arg === '--' && unknown.rest) {
      unknown.rest(args.remaining());
      break;
    }
    const flag = byName.get(arg);
    if (flag) {
      flag.apply(options, flag.value === undefined ? '' : args.value(arg));
      continue;
    }
    if (!arg.startsWith('-') && unknown.positional) {
      unknown.positional(arg);
      continue;
    }
    if (!unknown.option?.(arg, args)) throw new Error(`Unknown option ${arg}`);
  }
  return options;
}

/**
 * A table written for one part of the options (the target's, a baseline's) as flags of the whole:
 * each entry applies to `part(options)`, so one table serves every command line that nests it.
 */
export function nestedFlags<T, U>(table: readonly Flag<U>[], part: (options: T) => U): Flag<T>[] {
  return table.map((flag) => ({
    ...flag,
    apply: (options: T, value: string) => flag.apply(part(options), value),
  }));
}

/** The table by every name and alias; throws on a name given twice (a table's own mistake). */
function flagIndex<T>(table: readonly Flag<T>[]): Map<string, Flag<T>> {
  const byName = new Map<string, Flag<T>>();
  for (const flag of table)
    for (const name of [flag.name, ...(flag.aliases ?? [])]) {
      if (byName.has(name)) throw new Error(`The option ${name} is defined twice`);
      byName.set(name, flag);
    }
  return byName;
}

/** Column where help text starts, and the width it wraps at. */
const HELP_COLUMN = 25;
const HELP_WIDTH = 100;

/** The table as help lines: `  -h, --help <v>   text`, wrapped under the text's column. */
export function flagHelp<T>(table: readonly Flag<T>[]): string {
  return table
    .map((flag) => {
      const names = [...(flag.aliases ?? []), flag.name].join(', ');
      const head = `  ${names}${flag.value ? ` ${flag.value}` : ''}`;
      const lines = wrap(flag.help, HELP_WIDTH - HELP_COLUMN);
      const first =
        head.length < HELP_COLUMN - 1
          ? [`${head.padEnd(HELP_COLUMN)}${lines[0] ?? ''}`]
          : [head, `${' '.repeat(HELP_COLUMN)}${lines[0] ?? ''}`];
      return [...first, ...lines.slice(1).map((line) => `${' '.repeat(HELP_COLUMN)}${line}`)].join('\n');
    })
    .join('\n');
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A whole number in `min..max` read from an option's value, or an Error naming the option. */
export function wholeNumber(flag: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < min || value > max)
    throw new Error(`${flag} must be a whole number from ${min} to ${max.toLocaleString('en-US')}`);
  return value;
}

/** A number in `(min, max]` (seconds, a rate) read from an option's value, or an Error naming the option. */
export function positiveNumber(flag: string, text: string, max: number): number {
  const value = Number(text);
  if (!text.trim() || !Number.isFinite(value) || value <= 0 || value > max)
    throw new Error(`${flag} must be a number above 0 and at most ${max.toLocaleString('en-US')}`);
  return value;
}
