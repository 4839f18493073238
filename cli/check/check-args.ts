import { flagHelp, nestedFlags, parseFlags, type Flag } from '../../server/flag-table.ts';
import { readTarget, targetFlags, type WithTarget } from '../headless/target-args.ts';
import { BASELINE_FLAGS, checkBaselineOptions, type BaselineOptions } from './baseline-args.ts';
import { checkSignInArgs, SIGN_IN_FLAGS, type SignInArgs } from './sign-in-args.ts';

/** The command line of `toolscope check`, parsed without side effects. */
export interface CheckCliOptions extends WithTarget, SignInArgs {
  json: boolean;
  junit?: string;
  all: boolean;
  argsFile?: string;
  timeoutMs?: number;
  /** The Skills extension: verify every skill (default) or list them only. */
  skills?: 'verify' | 'list';
  /** `--save-baseline`, `--baseline` and `--ignore`. */
  baseline: BaselineOptions;
  help: boolean;
}

const CHECK_FLAGS: Flag<CheckCliOptions>[] = [
  { name: '--all', help: 'call every tool, destructive ones too', apply: (o) => void (o.all = true) },
  {
    name: '--args-file',
    value: '<f>',
    help: 'JSON: tool name → arguments (or a list of them, one call each); the tools it names are always called, with these arguments',
    apply: (o, v) => void (o.argsFile = v),
  },
  { name: '--json', help: 'print the report as JSON instead of text', apply: (o) => void (o.json = true) },
  {
    name: '--junit',
    value: '<file>',
    help: 'also write the report as JUnit XML',
    apply: (o, v) => void (o.junit = v),
  },
  {
    name: '--timeout',
    value: '<ms>',
    help: 'per-call timeout (default 30000)',
    apply: (o, v) => {
      const ms = Number(v);
      if (!Number.isInteger(ms) || ms <= 0)
        throw new Error('--timeout must be a positive number of milliseconds');
      o.timeoutMs = ms;
    },
  },
  {
    name: '--skills',
    value: '<verify|list>',
    help: "a server with the Skills extension: load every skill and verify each file's size, digest and frontmatter (verify, the default), or only list the skills, reading no file (list)",
    apply: (o, mode) => {
      if (mode !== 'verify' && mode !== 'list')
        throw new Error(`--skills must be verify or list, not ${mode}`);
      o.skills = mode;
    },
  },
  ...nestedFlags(BASELINE_FLAGS, (o: CheckCliOptions) => o.baseline),
  ...SIGN_IN_FLAGS,
  { name: '--help', aliases: ['-h'], help: 'show this help', apply: (o) => void (o.help = true) },
];

export const CHECK_USAGE = `Usage:
  toolscope check [options] -- <command> [args...]
  toolscope check [options] --url <http(s)://…/mcp> [--transport http|sse] [--header "Name: value"]...
  toolscope check [options] --config <mcp.json> --server <name>
Connects, lists tools, resources and prompts (all pages, twice), calls every tool that is not
destructive with arguments from its input schema, and reports what breaks the spec.

Options:
${flagHelp(CHECK_FLAGS)}
Target options:
${flagHelp(targetFlags())}
Exit codes: 0 no error-level finding, 1 at least one, 2 bad usage or cannot connect.`;

/** Parses the arguments after `check`; throws an Error with a readable message on bad input. */
export function parseCheckArgs(argv: readonly string[]): CheckCliOptions {
  const options: CheckCliOptions = {
    target: { headers: {} },
    json: false,
    all: false,
    oauth: {},
    idp: {},
    baseline: { ignore: [] },
    help: false,
  };
  let rest: string[] | undefined;
  parseFlags(argv, [...CHECK_FLAGS, ...targetFlags<CheckCliOptions>()], options, {
    rest: (words) => void (rest = words),
    option: (flag) => {
      throw new Error(`Unknown option for check: ${flag}\n\n${CHECK_USAGE}`);
    },
  });
  if (options.help) return options;
  readTarget(options.target, rest, CHECK_USAGE);
  checkBaselineOptions(options.baseline);
  if (options.baseline.compare && options.argsFile)
    throw new Error('Give --args-file or --baseline, not both: a baseline makes its own calls');
  checkSignInArgs(options, options.target.command !== undefined);
  return options;
}

/**
 * Reads an arguments file's text: a JSON object of tool name → arguments object (or a list of
 * them). Throws with a readable message otherwise.
 */
export function parseArgsFile(text: string, file: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`, { cause: error });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${file} must be a JSON object of tool name → arguments`);
  for (const [name, args] of Object.entries(value)) {
    const calls = Array.isArray(args) ? args : [args];
    for (const call of calls)
      if (typeof call !== 'object' || call === null || Array.isArray(call))
        throw new Error(`${file}: the arguments of ${name} must be an object (or a list of objects)`);
  }
  return value as Record<string, unknown>;
}
