import { describe, expect, it } from 'vitest';
import { flagHelp, nestedFlags, parseFlags, positiveNumber, wholeNumber, type Flag } from './flag-table.ts';

interface Options {
  json: boolean;
  tool?: string;
  files: string[];
  rest?: string[];
}

const TABLE: Flag<Options>[] = [
  { name: '--json', help: 'print JSON', apply: (o) => void (o.json = true) },
  {
    name: '--tool',
    aliases: ['-t'],
    value: '<name>',
    help: 'the tool to run',
    apply: (o, v) => void (o.tool = v),
  },
];
const fresh = (): Options => ({ json: false, files: [] });

describe('flag tables', () => {
  it('reads switches, values (--name=value too), aliases, positional words and the rest after --', () => {
    const options = fresh();
    parseFlags(['a.yaml', '--json', '-t', 'add', '--', 'node', '--json'], TABLE, options, {
      positional: (word) => void options.files.push(word),
      rest: (words) => void (options.rest = words),
    });
    expect(options).toEqual({ json: true, tool: 'add', files: ['a.yaml'], rest: ['node', '--json'] });
    expect(parseFlags(['--tool=x'], TABLE, fresh()).tool).toBe('x');
  });

  it('refuses an unknown option, a missing value, and a positional word nobody takes', () => {
    expect(() => parseFlags(['--nope'], TABLE, fresh())).toThrow('Unknown option --nope');
    expect(() => parseFlags(['--tool'], TABLE, fresh())).toThrow('--tool needs a value');
    expect(() => parseFlags(['file'], TABLE, fresh())).toThrow('Unknown option file');
  });

  it('hands other options to the caller, who may take their value', () => {
    const seen: string[] = [];
    parseFlags(['--url', 'http://x', '--json'], TABLE, fresh(), {
      option: (flag, args) => (seen.push(flag, args.value(flag)), true),
    });
    expect(seen).toEqual(['--url', 'http://x']);
  });

  it('serves a table written for one part of the options as flags of the whole', () => {
    const outer = { inner: fresh(), other: 1 };
    parseFlags(
      ['--tool', 'add', '--json'],
      nestedFlags(TABLE, (o: typeof outer) => o.inner),
      outer,
    );
    expect(outer).toEqual({ inner: { json: true, tool: 'add', files: [] }, other: 1 });
  });

  it('prints help lines with the text in one column, wrapped', () => {
    const help = flagHelp<Options>([
      ...TABLE,
      { name: '--a-very-long-option-name', value: '<value>', help: 'word '.repeat(30), apply: () => {} },
    ]);
    expect(help.split('\n')[0]).toBe(`  --json${' '.repeat(17)}print JSON`);
    expect(help).toContain(`  -t, --tool <name>${' '.repeat(6)}the tool to run`);
    expect(help).toMatch(/\n {2}--a-very-long-option-name <value>\n {25}word word/);
    expect(Math.max(...help.split('\n').map((line) => line.length))).toBeLessThanOrEqual(100);
  });

  it('reads bounded numbers with a message naming the option', () => {
    expect(wholeNumber('--requests', '200', 1, 1000)).toBe(200);
    for (const bad of ['0', '1.5', '-3', 'x', '', '1001'])
      expect(() => wholeNumber('--requests', bad, 1, 1000)).toThrow(
        '--requests must be a whole number from 1 to 1,000',
      );
    expect(positiveNumber('--duration', '2.5', 60)).toBe(2.5);
    for (const bad of ['0', '-1', 'x', '61'])
      expect(() => positiveNumber('--duration', bad, 60)).toThrow('--duration must be a number above 0');
  });

  it('refuses a table that names one option twice', () => {
    expect(() => parseFlags([], [...TABLE, TABLE[0]!], fresh())).toThrow(
      'The option --json is defined twice',
    );
  });
});
