import type { CheckReport } from '#client/checks/run-checks.ts';

/** The names the panel gives each list it read. */
const LIST_NAMES: Record<string, [string, string]> = {
  'tools/list': ['tool', 'tools'],
  'resources/list': ['resource', 'resources'],
  'resources/templates/list': ['resource template', 'resource templates'],
  'prompts/list': ['prompt', 'prompts'],
};

/** What a run examined, so "No findings" says of what: the lists read, the revision, and that no tool was called. */
export function checkedScope(report: CheckReport): string {
  const lists = Object.entries(report.listed).map(([method, count]) => {
    const [one, many] = LIST_NAMES[method] ?? [method, method];
    return `${count} ${count === 1 ? one : many}`;
  });
  const read = lists.length
    ? `Checked ${lists.join(', ')} (each list read twice, every page)`
    : 'Checked the server’s answers (it offers no tools, resources or prompts)';
  const called = calledCount(report);
  const calls = called === 0 ? 'Called no tools.' : `Called ${called} ${called === 1 ? 'tool' : 'tools'}.`;
  return `${read}, under ${report.server.protocolVersion}. ${calls}`;
}

/** Calls the run made (a skipped tool was not called). */
function calledCount(report: CheckReport): number {
  return report.calls.filter((call) => call.status !== 'skipped').length;
}

/**
 * A clean run's verdict, claiming only what was looked at: with no tool called, no result was checked, and a
 * tool that answers badly (the demo's `bad_structured_output`) is not cleared.
 */
export function noFindingsVerdict(report: CheckReport): string {
  const called = calledCount(report);
  return called === 0
    ? 'No findings in the lists. No tool was called, so no result was checked (toolscope check calls them).'
    : `No findings in the lists or in the ${called} ${called === 1 ? 'result' : 'results'} of the tools called.`;
}
