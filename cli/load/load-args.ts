import { flagHelp, parseFlags, positiveNumber, wholeNumber, type Flag } from '../../server/flag-table.ts';
import { readTarget, targetFlags, type WithTarget } from '../headless/target-args.ts';

/** The bounds of a run: a load run never asks for more than these. */
export const MAX_REQUESTS = 1_000_000;
export const MAX_DURATION_S = 3600;
export const MAX_CONCURRENCY = 1000;
/** Calls made when neither --requests nor --duration is given. */
export const DEFAULT_REQUESTS = 100;

/** The command line of `toolscope load`, parsed without side effects. */
export interface LoadCliOptions extends WithTarget {
  tool?: string;
  /** `--args`: the arguments as JSON text (parsed by the parser). */
  args?: Record<string, unknown>;
  /** `--args-file`: read by the command. */
  argsFile?: string;
  concurrency: number;
  requests?: number;
  durationS?: number;
  timeoutMs: number;
  json: boolean;
  compareDirect: boolean;
  /** Exit 1 above this share of failed calls (0 to 1; default 0: any failure). */
  maxErrorRate: number;
  /** Exit 1 when p99 latency is above this, in ms. */
  maxP99Ms?: number;
  help: boolean;
}

const LOAD_FLAGS: Flag<LoadCliOptions>[] = [
  {
    name: '--tool',
    value: '<name>',
    help: 'the tool to call (required)',
    apply: (o, v) => void (o.tool = v),
  },
  {
    name: '--args',
    value: '<json>',
    help: 'its arguments, a JSON object (default {})',
    apply: (o, v) => void (o.args = parseArgumentsJson(v, '--args')),
  },
  {
    name: '--args-file',
    value: '<file>',
    help: 'its arguments from a JSON file',
    apply: (o, v) => void (o.argsFile = v),
  },
  {
    name: '--concurrency',
    value: '<n>',
    help: `calls in flight at once (default 1, at most ${MAX_CONCURRENCY})`,
    apply: (o, v) => void (o.concurrency = wholeNumber('--concurrency', v, 1, MAX_CONCURRENCY)),
  },
  {
    name: '--requests',
    value: '<n>',
    help: `calls to make (default ${DEFAULT_REQUESTS} when --duration is not given either; at most ${MAX_REQUESTS.toLocaleString('en-US')})`,
    apply: (o, v) => void (o.requests = wholeNumber('--requests', v, 1, MAX_REQUESTS)),
  },
  {
    name: '--duration',
    value: '<s>',
    help: `stop after this many seconds (at most ${MAX_DURATION_S}); calls still running then are cut. With --requests: whichever comes first`,
    apply: (o, v) => void (o.durationS = positiveNumber('--duration', v, MAX_DURATION_S)),
  },
  {
    name: '--timeout',
    value: '<ms>',
    help: 'per-call timeout (default 30000)',
    apply: (o, v) => void (o.timeoutMs = wholeNumber('--timeout', v, 1, 3_600_000)),
  },
  {
    name: '--compare-direct',
    help: 'run the same load once more straight to the server (the same session code without the bridge) and print both side by side',
    apply: (o) => void (o.compareDirect = true),
  },
  {
    name: '--max-error-rate',
    value: '<r>',
    help: 'exit 1 only when more than this share of calls failed (0 to 1; default 0)',
    apply: (o, v) => {
      const rate = Number(v);
      if (!v.trim() || !(rate >= 0 && rate <= 1))
        throw new Error('--max-error-rate must be a number from 0 to 1');
      o.maxErrorRate = rate;
    },
  },
  {
    name: '--max-p99',
    value: '<ms>',
    help: 'also exit 1 when the p99 latency is above this',
    apply: (o, v) => void (o.maxP99Ms = positiveNumber('--max-p99', v, 3_600_000)),
  },
  { name: '--json', help: 'print the figures as JSON', apply: (o) => void (o.json = true) },
  { name: '--help', aliases: ['-h'], help: 'show this help', apply: (o) => void (o.help = true) },
];

export const LOAD_USAGE = `Usage:
  toolscope load --tool <name> [--args <json>|--args-file <f>] [--concurrency N]
                 [--requests N | --duration <s>] [--json] [target options] -- <command> [args...]
  toolscope load --tool <name> ... --url <http(s)://…/mcp> [--transport http|sse] [--header "Name: value"]...
  toolscope load --tool <name> ... --config <mcp.json> --server <name>
Calls one tool over and over through the same session and bridge code as the page and
\`toolscope check\`, and prints calls, errors by kind, calls per second and latency
(p50, p90, p95, p99, max).

Options:
${flagHelp(LOAD_FLAGS)}
Target options:
${flagHelp(targetFlags())}
Exit codes: 0 every call succeeded (or within --max-error-rate and --max-p99), 1 not,
2 bad usage or cannot connect.`;

/** Parses the arguments after `load`; throws an Error with a readable message on bad input. */
export function parseLoadArgs(argv: readonly string[]): LoadCliOptions {
  const options: LoadCliOptions = {
    target: { headers: {} },
    concurrency: 1,
    timeoutMs: 30_000,
    json: false,
    compareDirect: false,
    maxErrorRate: 0,
    help: false,
  };
  let rest: string[] | undefined;
  parseFlags(argv, [...LOAD_FLAGS, ...targetFlags<LoadCliOptions>()], options, {
    rest: (words) => void (rest = words),
  });
  if (options.help) return options;
  if (!options.tool) throw new Error('Give the tool to call: --tool <name>');
  if (options.args && options.argsFile) throw new Error('Give --args or --args-file, not both');
  if (options.requests === undefined && options.durationS === undefined) options.requests = DEFAULT_REQUESTS;
  options.target = readTarget(options.target, rest);
  return options;
}

/** A JSON object of arguments, or an Error naming where it came from. */
export function parseArgumentsJson(text: string, from: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${from} is not JSON: ${(error as Error).message}`, { cause: error });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${from} must be a JSON object of arguments`);
  return value as Record<string, unknown>;
}
