import { MAX_RUNS } from '#shared/eval-suite.ts';
import { flagHelp, parseFlags, wholeNumber, type Flag } from '../../server/flag-table.ts';
import { readTarget, targetFlags, type WithTarget } from '../headless/target-args.ts';
import { PROVIDER_IDS } from './eval-provider.ts';

/** The command line of `toolscope eval`, parsed without side effects. */
export interface EvalCliOptions extends WithTarget {
  suite?: string;
  runs?: number;
  model?: string;
  provider?: string;
  /** Tools the model's calls may run although they are not annotated read-only or non-destructive. */
  allow: string[];
  json: boolean;
  junit?: string;
  timeoutMs: number;
  help: boolean;
}

const EVAL_FLAGS: Flag<EvalCliOptions>[] = [
  {
    name: '--runs',
    value: '<n>',
    help: `runs of each case (default the suite's, else 1; at most ${MAX_RUNS}); a case passes when its passRate of runs pass`,
    apply: (o, v) => void (o.runs = wholeNumber('--runs', v, 1, MAX_RUNS)),
  },
  {
    name: '--model',
    value: '<id>',
    help: "the model (default the suite's, else the first the provider lists)",
    apply: (o, v) => void (o.model = v),
  },
  {
    name: '--provider',
    value: PROVIDER_IDS.join('|'),
    help: "default the suite's, else openai when OPENAI_BASE_URL or OPENAI_API_KEY is set, else anthropic when ANTHROPIC_API_KEY is",
    apply: (o, v) => void (o.provider = v),
  },
  {
    name: '--allow',
    value: '<tool>',
    help: 'also run this tool when the model calls it, though it is not annotated read-only or non-destructive (repeatable; a comma-separated list works too)',
    apply: (o, v) =>
      void o.allow.push(
        ...v
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      ),
  },
  { name: '--json', help: 'print the results as JSON', apply: (o) => void (o.json = true) },
  {
    name: '--junit',
    value: '<file>',
    help: 'also write the results as JUnit XML (a test case per eval case)',
    apply: (o, v) => void (o.junit = v),
  },
  {
    name: '--timeout',
    value: '<ms>',
    help: 'per tool call timeout (default 30000)',
    apply: (o, v) => void (o.timeoutMs = wholeNumber('--timeout', v, 1, 3_600_000)),
  },
  { name: '--help', aliases: ['-h'], help: 'show this help', apply: (o) => void (o.help = true) },
];

export const EVAL_USAGE = `Usage:
  toolscope eval <suite.json|yaml> [options] -- <command> [args...]
  toolscope eval <suite.json|yaml> [options] --url <http(s)://…/mcp> [--header "Name: value"]...
  toolscope eval <suite.json|yaml> [options] --config <mcp.json> --server <name>
Sends each case's prompt to a model that is offered the server's tools (as the Chat does), runs
the tools it calls that are annotated read-only or non-destructive (or --allow'ed; any other call
is answered "not allowed in this eval"), and checks the calls and the answer against the case.
The model comes from the environment, as Chat's: OPENAI_BASE_URL / OPENAI_API_KEY for an
OpenAI-compatible endpoint, ANTHROPIC_API_KEY for Anthropic. docs/ci.md describes suites.

Options:
${flagHelp(EVAL_FLAGS)}
Target options:
${flagHelp(targetFlags())}
Exit codes: 0 every case passed, 1 a case failed, 2 bad usage, a bad suite, or cannot connect
(to the server or the provider).`;

/** Parses the arguments after `eval`; throws an Error with a readable message on bad input. */
export function parseEvalArgs(argv: readonly string[]): EvalCliOptions {
  const options: EvalCliOptions = {
    target: { headers: {} },
    allow: [],
    json: false,
    timeoutMs: 30_000,
    help: false,
  };
  let rest: string[] | undefined;
  parseFlags(argv, [...EVAL_FLAGS, ...targetFlags<EvalCliOptions>()], options, {
    positional: (word) => {
      if (options.suite) throw new Error(`Give one suite, not ${options.suite} and ${word}`);
      options.suite = word;
    },
    rest: (words) => void (rest = words),
  });
  if (options.help) return options;
  if (!options.suite) throw new Error('Give the suite to run: toolscope eval <suite.json|yaml> …');
  if (options.provider && !(PROVIDER_IDS as readonly string[]).includes(options.provider))
    throw new Error(`--provider must be one of ${PROVIDER_IDS.join(', ')}`);
  options.target = readTarget(options.target, rest);
  return options;
}
