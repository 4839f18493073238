import { writeFile } from 'node:fs/promises';
import { formatBaselineFile, type BaselineCall, type BaselineFile } from '#shared/baseline-file.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import type { CallStatus } from '#client/session/session-types.ts';
import { safeToCall, sortFindings, type CheckOptions, type CheckReport } from '#client/checks/run-checks.ts';
import { toolSubject } from '#client/checks/tool-rules.ts';
import { nameText } from '#client/tools/tool-identity.ts';
import { differingPaths } from '#client/baseline/answer-diff.ts';
import {
  answerBody,
  answerOf,
  baselineFromCalls,
  type MadeCall,
} from '#client/baseline/baseline-from-calls.ts';
import {
  compareCall,
  comparisonFinding,
  shown,
  unchanged,
  type CallComparison,
} from '#client/baseline/compare-baseline.ts';
import { readBaseline, type BaselineOptions } from './baseline-args.ts';

/**
 * Least time between two calls of one call whose answers are compared to find volatile places: a clock
 * read to the second (`new Date().toString()`) must have ticked, or its answer would pass for stable.
 */
const VOLATILITY_GAP_MS = 1100;

/** A call check made, with when it was answered. */
type TimedCall = MadeCall & { at: number };

/** What the report says about the baseline (the JSON report's `baseline`). */
export type BaselineSummary =
  | { mode: 'save'; file: string; calls: number; volatile: number }
  | {
      mode: 'compare';
      file: string;
      calls: number;
      unchanged: number;
      /** Every call whose answer changed, with each place (values as JSON, cut to 80 characters). */
      changed: {
        tool: string;
        arguments: Record<string, unknown>;
        status?: { before: string; after: string };
        changes: { path: string; kind: string; before?: string; after?: string }[];
      }[];
      /** Tools the baseline calls that the server no longer lists. */
      missingTools: string[];
    };

/**
 * `check --save-baseline` and `check --baseline`: which calls check makes, what came back, and, after the
 * run, the baseline written or compared. Every call goes through {@link capture} so its answer is kept.
 */
export class BaselineRun {
  private readonly made: TimedCall[] = [];

  private constructor(
    private readonly options: BaselineOptions,
    private readonly baseline: BaselineFile | undefined,
    private readonly callTimeoutMs: number,
  ) {}

  /** The run `options` ask for (reading the baseline to compare with), or undefined with neither flag. */
  static async open(options: BaselineOptions, callTimeoutMs = 30_000): Promise<BaselineRun | undefined> {
    if (!options.save && !options.compare) return undefined;
    const baseline = options.compare ? await readBaseline(options.compare) : undefined;
    return new BaselineRun(options, baseline, callTimeoutMs);
  }

  /** Options for runChecks: the baseline's calls and no others when comparing; every call captured. */
  checkOptions(session: McpSession): Pick<CheckOptions, 'argsByTool' | 'onlyNamed' | 'call'> {
    const call: CheckOptions['call'] = async (name, args) => {
      const outcome = await session.callTool(name, args, { timeoutMs: this.callTimeoutMs });
      this.made.push({ tool: name, args, outcome, at: performance.now() });
      return outcome;
    };
    if (!this.baseline) return { call };
    const argsByTool: Record<string, Record<string, unknown>[]> = {};
    for (const entry of this.baseline.calls) (argsByTool[entry.tool] ??= []).push(entry.arguments);
    return { call, argsByTool, onlyNamed: true };
  }

  /** After the run: saves or compares, adds the baseline's findings to `report`, and says what it did. */
  async finish(
    session: McpSession,
    report: CheckReport,
    options: { all: boolean; onstep?: (text: string) => void },
  ): Promise<BaselineSummary> {
    if (!this.baseline) return this.save(session, report, options.onstep);
    return this.compare(session, report, this.baseline, options);
  }

  private async save(
    session: McpSession,
    report: CheckReport,
    onstep?: (text: string) => void,
  ): Promise<BaselineSummary> {
    // Each call once more, after all the first ones and at least VOLATILITY_GAP_MS after its own first
    // answer: what differs between the two is volatile.
    const again: MadeCall[] = [];
    for (const first of this.made.filter((call) => answerOf(call.outcome))) {
      onstep?.(`calling ${first.tool} again for the baseline`);
      await waitUntil(first.at + VOLATILITY_GAP_MS);
      again.push({ ...first, outcome: await session.callTool(first.tool, first.args, this.timeout) });
    }
    const file = baselineFromCalls([...this.made, ...again], {
      savedAt: new Date().toISOString(),
      server: {
        name: report.server.name,
        version: report.server.version,
        protocolVersion: report.server.protocolVersion,
      },
      ignore: this.options.ignore,
    });
    try {
      await writeFile(this.options.save!, formatBaselineFile(file));
    } catch (error) {
      throw new Error(`cannot write --save-baseline ${this.options.save}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const volatile = file.calls.reduce((sum, call) => sum + (call.volatile?.length ?? 0), 0);
    return { mode: 'save', file: this.options.save!, calls: file.calls.length, volatile };
  }

  private async compare(
    session: McpSession,
    report: CheckReport,
    baseline: BaselineFile,
    options: { all: boolean; onstep?: (text: string) => void },
  ): Promise<BaselineSummary> {
    const ignore = [...(baseline.ignore ?? []), ...this.options.ignore];
    const listed = new Map(session.state.get().tools.map((tool) => [nameText(tool.name), tool]));
    const unused = [...this.made];
    const comparisons: CallComparison[] = [];
    const missing = new Set<string>();
    for (const entry of baseline.calls) {
      const tool = listed.get(entry.tool);
      if (!tool) {
        missing.add(entry.tool);
        continue;
      }
      const made = takeCall(unused, entry);
      const status = made?.outcome?.status ?? 'not made';
      let comparison = compareCall(entry, answerOf(made?.outcome), status, ignore);
      // A difference may be today's volatility (a clock the baseline's two calls read in the same
      // second): call once more, and compare what differs between today's two answers by shape only.
      if (!unchanged(comparison) && made && (options.all || safeToCall(tool))) {
        options.onstep?.(`calling ${entry.tool} again to tell a change from volatility`);
        await waitUntil(made.at + VOLATILITY_GAP_MS);
        const again = await session.callTool(entry.tool, entry.arguments, this.timeout);
        comparison = compareCall(entry, answerOf(made.outcome), status, ignore, volatileBetween(made, again));
      }
      comparisons.push(comparison);
    }
    const findings = comparisons.map(comparisonFinding).filter((finding) => finding !== undefined);
    for (const name of missing)
      findings.push({
        level: 'error',
        rule: 'baseline',
        subject: toolSubject(name),
        message: 'the baseline calls this tool, but the server no longer lists it',
      });
    report.findings = sortFindings([...report.findings, ...findings]);
    const changed = comparisons.filter((comparison) => !unchanged(comparison));
    return {
      mode: 'compare',
      file: this.options.compare!,
      calls: baseline.calls.length,
      unchanged: comparisons.length - changed.length,
      changed: changed.map((comparison) => ({
        tool: comparison.tool,
        arguments: comparison.arguments,
        ...(comparison.status ? { status: comparison.status } : {}),
        changes: comparison.changes.map((change) => ({
          path: change.path,
          kind: change.kind,
          ...(change.kind !== 'added' ? { before: shown(change.before) } : {}),
          ...(change.kind !== 'removed' ? { after: shown(change.after) } : {}),
        })),
      })),
      missingTools: [...missing],
    };
  }

  private get timeout() {
    return { timeoutMs: this.callTimeoutMs };
  }
}

/** Takes the first call made of this baseline entry (same tool, same arguments) out of `made`. */
function takeCall(made: TimedCall[], entry: BaselineCall): TimedCall | undefined {
  const args = JSON.stringify(entry.arguments);
  const index = made.findIndex(
    (call) => call.tool === entry.tool && JSON.stringify(call.args ?? {}) === args,
  );
  return index === -1 ? undefined : made.splice(index, 1)[0];
}

/** Resolves once `performance.now()` has reached `time`. */
function waitUntil(time: number): Promise<void> {
  const wait = time - performance.now();
  return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
}

/** Where two of today's answers to one call differ (the whole answer when their status differs). */
function volatileBetween(first: MadeCall, again: { status: CallStatus }): string[] {
  const a = answerOf(first.outcome);
  const b = answerOf(again as MadeCall['outcome']);
  if (!a || !b) return [];
  return a.status === b.status ? differingPaths(answerBody(a), answerBody(b)) : [''];
}

/** The line the text report ends with. */
export function formatBaselineSummary(summary: BaselineSummary): string {
  if (summary.mode === 'save')
    return `Baseline saved to ${summary.file}: ${summary.calls} call${summary.calls === 1 ? '' : 's'}, ${summary.volatile} volatile place${summary.volatile === 1 ? '' : 's'} (compared by shape).`;
  const changed = summary.changed.length + summary.missingTools.length;
  return `Baseline ${summary.file}: ${summary.calls} call${summary.calls === 1 ? '' : 's'}, ${summary.unchanged} unchanged, ${changed} changed or gone.`;
}
