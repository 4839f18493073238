import { writeFile } from 'node:fs/promises';
import type { EvalCase, EvalSuite } from '#shared/eval-suite.ts';
import type { ServerTarget } from '#shared/targets.ts';
import type { ChatProvider } from '../../server/chat/chat-providers.ts';
import { nameText } from '#client/tools/tool-identity.ts';
import { EXIT_OK, EXIT_USAGE_OR_CONNECT, failUsage, wantsJson } from '../headless/exit-codes.ts';
import { HeadlessSession } from '../headless/headless-session.ts';
import { resolveTarget } from '../../server/target-flags.ts';
import { EVAL_USAGE, parseEvalArgs, type EvalCliOptions } from './eval-args.ts';
import { chooseModel, chooseProvider } from './eval-provider.ts';
import {
  evalExitCode,
  formatEvalJson,
  formatEvalJunit,
  formatEvalText,
  type CaseResult,
  type EvalReport,
} from './eval-report.ts';
import { runConversation, type ModelStepper } from './eval-run.ts';
import { EvalToolbox } from './eval-tools.ts';
import { judgeRun } from './expectations.ts';
import { chatStepper } from './model-stepper.ts';
import { readSuite } from './suite-file.ts';

/** `toolscope eval`: each case's prompt to a model offered the server's tools, its calls and answer judged. */
export async function runEval(argv: readonly string[]): Promise<number> {
  const json = wantsJson(argv);
  let options: EvalCliOptions;
  let suite: EvalSuite;
  let target: ServerTarget;
  let provider: ChatProvider;
  let model: string;
  try {
    options = parseEvalArgs(argv);
    if (options.help) {
      console.log(EVAL_USAGE);
      return EXIT_OK;
    }
    suite = await readSuite(options.suite!);
    target = await resolveTarget(options.target);
    provider = chooseProvider(options.provider ?? suite.provider, process.env);
    model = await chooseModel(provider, options.model ?? suite.model);
  } catch (error) {
    const message = (error as Error).message;
    return failUsage(
      'eval',
      /^(Unknown option|Give )/.test(message) ? `${message}\n\n${EVAL_USAGE}` : message,
      json,
    );
  }
  const headless = new HeadlessSession('toolscope-eval');
  try {
    const failed = await headless.connect(target);
    if (failed) return failUsage('eval', `cannot connect: ${failed}`, json);
    const state = headless.session.state.get();
    const toolbox = new EvalToolbox(headless.session, state.tools, new Set(options.allow), options.timeoutMs);
    const listed = new Set(state.tools.map((tool) => nameText(tool.name)));
    for (const name of options.allow.filter((allowed) => !listed.has(allowed)))
      console.error(`toolscope eval: --allow ${name}: the server lists no such tool`);
    const step = chatStepper(
      provider,
      { model, system: suite.system, temperature: suite.temperature },
      toolbox.specs,
    );
    const progress = process.stderr.isTTY && !options.json;
    const cases: CaseResult[] = [];
    for (const [index, entry] of suite.cases.entries()) {
      const label = progress ? `case ${index + 1}/${suite.cases.length} "${entry.name}"` : undefined;
      cases.push(
        await runCase(
          entry,
          options.runs ?? entry.runs ?? suite.runs ?? 1,
          entry.passRate ?? suite.passRate ?? 1,
          step,
          toolbox,
          label,
        ),
      );
    }
    if (progress) process.stderr.write('\r\x1b[K');
    // Not one model step answered: the provider is down or refuses the key, which says nothing of the cases.
    const runs = cases.flatMap((entry) => entry.runs);
    if (runs.every((run) => run.error && run.steps === 1 && !run.text && !run.calls.length))
      return failUsage(
        'eval',
        `the model provider failed on every run: ${runs[0]?.error ?? 'no answer'}`,
        json,
      );
    const server = state.server!;
    const report: EvalReport = {
      suite: options.suite!,
      provider: { id: provider.id, label: provider.label },
      model,
      server: {
        name: server.info.name,
        version: server.info.version,
        protocolVersion: server.protocolVersion,
      },
      cases,
    };
    console.log(options.json ? formatEvalJson(report) : formatEvalText(report));
    if (options.junit) {
      try {
        await writeFile(options.junit, formatEvalJunit(report));
      } catch (error) {
        console.error(`toolscope eval: cannot write --junit ${options.junit}: ${(error as Error).message}`);
        return EXIT_USAGE_OR_CONNECT;
      }
    }
    return evalExitCode(report);
  } finally {
    await headless.close();
  }
}

/** Runs one case `runs` times; it passes when at least `passRate` of its runs pass. */
async function runCase(
  entry: EvalCase,
  runs: number,
  passRate: number,
  step: ModelStepper,
  toolbox: EvalToolbox,
  progressLabel: string | undefined,
): Promise<CaseResult> {
  const results: CaseResult['runs'] = [];
  for (let run = 1; run <= runs; run++) {
    if (progressLabel) process.stderr.write(`\r\x1b[K${progressLabel}, run ${run}/${runs}`);
    const record = await runConversation(entry.prompt, step, toolbox.run);
    const failures = record.error ? [] : judgeRun(entry.expect, record.calls, record.text);
    results.push({ ...record, passed: !record.error && !failures.length, failures });
  }
  const passes = results.filter((result) => result.passed).length;
  // A tolerance for floating point: 7 of 10 runs always meet a passRate of 0.7.
  const passed = passes / runs >= passRate - 1e-9;
  return { name: entry.name, prompt: entry.prompt, passRate, passes, passed, runs: results };
}
