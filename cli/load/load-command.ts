import { readFile } from 'node:fs/promises';
import type { ServerTarget } from '#shared/targets.ts';
import type { CallOutcome } from '#client/session/session-types.ts';
import { nameText } from '#client/tools/tool-identity.ts';
import { EXIT_FAILED, EXIT_OK, failUsage, wantsJson } from '../headless/exit-codes.ts';
import { HeadlessSession } from '../headless/headless-session.ts';
import { resolveTarget } from '../../server/target-flags.ts';
import { directTransport } from './direct-transport.ts';
import { LOAD_USAGE, parseArgumentsJson, parseLoadArgs, type LoadCliOptions } from './load-args.ts';
import { formatLoadJson, formatLoadText, loadFailures, type LoadReport } from './load-report.ts';
import { runLoadPlan, type CallEnd, type LoadProgress } from './load-run.ts';
import { loadFigures, type LoadFigures } from './load-stats.ts';

/**
 * Calls between two clearings of the session's trace: a load run keeps no trace (its figures are its
 * own), and a long run would otherwise hold every frame it made.
 */
const TRACE_CALLS = 1000;
/** How often the progress line is redrawn, in ms. */
const PROGRESS_EVERY_MS = 200;

/** `toolscope load`: one tool called over and over, through the bridge (and directly when asked). */
export async function runLoad(argv: readonly string[]): Promise<number> {
  const json = wantsJson(argv);
  let options: LoadCliOptions;
  let target: ServerTarget;
  let args: Record<string, unknown>;
  try {
    options = parseLoadArgs(argv);
    if (options.help) {
      console.log(LOAD_USAGE);
      return EXIT_OK;
    }
    target = await resolveTarget(options.target);
    args = options.args ?? (options.argsFile ? await readArgsFile(options.argsFile) : {});
  } catch (error) {
    const message = (error as Error).message;
    return failUsage(
      'load',
      /^(Unknown option|Give )/.test(message) ? `${message}\n\n${LOAD_USAGE}` : message,
      json,
    );
  }
  const progress = process.stderr.isTTY && !options.json;
  const bridge = await measure(
    new HeadlessSession('toolscope-load'),
    target,
    options,
    args,
    progress && 'bridge',
  );
  if (typeof bridge === 'string') return failUsage('load', bridge, json);
  let direct: LoadFigures | undefined;
  if (options.compareDirect) {
    const run = await measure(
      new HeadlessSession('toolscope-load', directTransport),
      target,
      options,
      args,
      progress && 'direct',
    );
    if (typeof run === 'string') return failUsage('load', `direct: ${run}`, json);
    direct = run.figures;
  }
  const report: LoadReport = {
    tool: options.tool!,
    arguments: args,
    plan: {
      concurrency: options.concurrency,
      ...(options.requests !== undefined ? { requests: options.requests } : {}),
      ...(options.durationS !== undefined ? { durationS: options.durationS } : {}),
    },
    server: bridge.server,
    bridge: bridge.figures,
    ...(direct ? { direct } : {}),
    failures: loadFailures(bridge.figures, options),
  };
  console.log(options.json ? formatLoadJson(report) : formatLoadText(report));
  return report.failures.length ? EXIT_FAILED : EXIT_OK;
}

/** Connects, runs the plan and closes; the figures, or why it could not run (a sentence). */
async function measure(
  headless: HeadlessSession,
  target: ServerTarget,
  options: LoadCliOptions,
  args: Record<string, unknown>,
  progressLabel: string | false,
): Promise<{ figures: LoadFigures; server: LoadReport['server'] } | string> {
  try {
    const failed = await headless.connect(target);
    if (failed) return `cannot connect: ${failed}`;
    const { session } = headless;
    const state = session.state.get();
    const names = state.tools.map((tool) => nameText(tool.name));
    if (!names.includes(options.tool!))
      return `the server lists no tool "${options.tool}" (it lists ${names.length ? names.join(', ') : 'none'})`;
    let sinceClear = 0;
    const samples = await runLoadPlan(
      {
        concurrency: options.concurrency,
        requests: options.requests,
        durationMs: options.durationS !== undefined ? options.durationS * 1000 : undefined,
      },
      async (signal) => {
        const outcome = await session.callTool(options.tool!, args, { timeoutMs: options.timeoutMs, signal });
        if (++sinceClear >= TRACE_CALLS) {
          session.trace.clear();
          sinceClear = 0;
        }
        return errorKind(outcome);
      },
      progressLabel ? progressLine(progressLabel, options.requests) : undefined,
    );
    if (progressLabel) process.stderr.write('\r\x1b[K');
    const server = state.server!;
    return {
      figures: loadFigures(samples),
      server: {
        name: server.info.name,
        version: server.info.version,
        protocolVersion: server.protocolVersion,
      },
    };
  } finally {
    await headless.close();
  }
}

/** How a call failed, as the report groups failures; undefined when it succeeded. */
export function errorKind(outcome: CallOutcome): CallEnd {
  if (outcome.status === 'ok') return undefined;
  if (outcome.status === 'protocol-error') return `protocol-error ${outcome.error?.code ?? ''}`.trim();
  return outcome.status;
}

/** A progress line on stderr, redrawn at most every {@link PROGRESS_EVERY_MS}. */
function progressLine(label: string, requests: number | undefined): (progress: LoadProgress) => void {
  let drawn = 0;
  return ({ done, errors, elapsedMs }) => {
    if (elapsedMs - drawn < PROGRESS_EVERY_MS && done !== requests) return;
    drawn = elapsedMs;
    const rate = elapsedMs > 0 ? (done / elapsedMs) * 1000 : 0;
    process.stderr.write(
      `\r\x1b[K${label}: ${done}${requests !== undefined ? `/${requests}` : ''} calls · ${errors} errors · ${rate.toFixed(0)} calls/s · ${(elapsedMs / 1000).toFixed(1)} s`,
    );
  };
}

async function readArgsFile(file: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read --args-file ${file}: ${(error as Error).message}`, { cause: error });
  }
  return parseArgumentsJson(text, `--args-file ${file}`);
}
