import type { CaseExpectation, ExpectedCall } from '#shared/eval-suite.ts';
import { mismatch } from './arg-matchers.ts';

/** A tool call the model made in a run (run or refused: the model chose it either way). */
export interface ModelCall {
  tool: string;
  arguments: unknown;
}

/**
 * Why a run's calls and answer do not meet the case's expectation, one sentence each; empty when they do.
 * Expected tools are matched to distinct calls: in the given order with `inOrder`, else in any order.
 */
export function judgeRun(expectation: CaseExpectation, calls: readonly ModelCall[], text: string): string[] {
  const failures: string[] = [];
  const expected = expectation.tools ?? [];
  const used = new Set<number>();
  let after = -1;
  for (const want of expected) {
    const found = calls.findIndex(
      (call, index) =>
        !used.has(index) && (!expectation.inOrder || index > after) && callMismatch(want, call) === undefined,
    );
    if (found !== -1) {
      used.add(found);
      after = found;
      continue;
    }
    failures.push(missingCall(want, calls));
  }
  if (expectation.noOtherTools) {
    const names = new Set(expected.map((want) => want.name));
    const others = [...new Set(calls.filter((call) => !names.has(call.tool)).map((call) => call.tool))];
    if (others.length)
      failures.push(`called ${list(others)}, which this case does not expect (noOtherTools)`);
  }
  for (const name of expectation.notCalled ?? [])
    if (calls.some((call) => call.tool === name))
      failures.push(`called ${name}, which this case says it must not`);
  const texts = expectation.text === undefined ? [] : [expectation.text].flat();
  for (const wanted of texts)
    if (!text.toLowerCase().includes(wanted.toLowerCase()))
      failures.push(`the answer does not contain ${JSON.stringify(wanted)}`);
  return failures;
}

/** Why `call` is not the expected one, or undefined when it is. */
function callMismatch(want: ExpectedCall, call: ModelCall): string | undefined {
  if (call.tool !== want.name) return `it called ${call.tool}`;
  if (!want.args) return undefined;
  return mismatch(want.args, call.arguments ?? {}, 'arguments');
}

/** Says an expected call was not made, and what came nearest: the same tool with other arguments. */
function missingCall(want: ExpectedCall, calls: readonly ModelCall[]): string {
  const wanted = `expected a call of ${want.name}${want.args ? ` with ${JSON.stringify(want.args)}` : ''}`;
  const same = calls.filter((call) => call.tool === want.name);
  if (!calls.length) return `${wanted}: the model called no tool`;
  if (!same.length) return `${wanted}: the model called ${list([...new Set(calls.map((c) => c.tool))])}`;
  const reason = same.map((call) => callMismatch(want, call)).find((problem) => problem !== undefined);
  return reason
    ? `${wanted}: ${want.name} was called, but ${reason}`
    : `${wanted}: ${want.name} was called, but not in the expected order`;
}

function list(names: readonly string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}
