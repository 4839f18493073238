import type { ArgumentProblem } from '#client/schema/summarize-errors.ts';
import { missingKeyLabel, NO_KEY } from '#client/schema/unnamed-entries.ts';
import { readablePath } from './readable-path.ts';

/** A problem that only says a required value is missing. */
export const MISSING = /^(is required|must have required property)/;

/** Whether a problem is a to-do of a form being filled in (an empty required field, a map key not typed yet). */
export function isToDo(problem: ArgumentProblem): boolean {
  return MISSING.test(problem.message) || NO_KEY.test(problem.message);
}

/** How "Still to fill in" names one missing value: "items 1 › sku", "items 1 › options › key of entry 1". */
export function toDoLabel(problem: ArgumentProblem): string {
  const key = missingKeyLabel(problem);
  return key ? `${readablePath(problem.path)} › ${key}` : readablePath(problem.path);
}

/**
 * The arguments check in one line, for the Call tool line: what is still to fill in, or the first problem in
 * words, and how many more there are. Undefined when there is nothing wrong.
 */
export interface ProblemSummary {
  /** True when every problem is a missing value: a to-do of a new form, said in grey, not a fault. */
  toDo: boolean;
  /** "Still to fill in: customer, items 1 › sku" or "customer › email: must match format "email"". */
  text: string;
  /** How many problems the text leaves out ("+2 more"). */
  more: number;
  /** The problem the text names first: the field a click on the line goes to. */
  first: ArgumentProblem;
}

/** Lists named in full before the rest is counted: the line has the room of the Call tool row, not more. */
const NAMED_TO_DOS = 2;

/**
 * Characters of names the Call tool line holds whole at 1280 px beside "Still to fill in:" and "+N more": a second
 * name is added only if both fit, so the line never ends in a name cut mid-word.
 */
export const NAMED_TO_DO_CHARS = 26;

/** The first to-dos whose names fit the line whole: always the first, then more while they fit. */
function namedToDos(problems: readonly ArgumentProblem[]): string[] {
  const named: string[] = [];
  for (const problem of problems.slice(0, NAMED_TO_DOS)) {
    const label = toDoLabel(problem);
    const length = [...named, label].join(', ').length;
    if (named.length > 0 && length > NAMED_TO_DO_CHARS) break;
    named.push(label);
  }
  return named;
}

/** Sums up the problems of the arguments for the Call tool line (see {@link ProblemSummary}). */
export function summarizeProblems(problems: readonly ArgumentProblem[]): ProblemSummary | undefined {
  const first = problems[0];
  if (!first) return undefined;
  if (problems.every(isToDo)) {
    const named = namedToDos(problems);
    return {
      toDo: true,
      text: `Still to fill in: ${named.join(', ')}`,
      more: problems.length - named.length,
      first,
    };
  }
  // A fault comes before any to-do: it is what would make the server refuse the call.
  const fault = problems.find((problem) => !isToDo(problem)) ?? first;
  return {
    toDo: false,
    text: `${readablePath(fault.path)}: ${fault.message}`,
    more: problems.length - 1,
    first: fault,
  };
}

/** The form's id for the field at a JSON Pointer, as rjsf makes it (idPrefix "args", separator "_"). */
export function fieldIdOf(pointer: string): string {
  const segments = pointer === '' ? [] : pointer.replace(/^\//, '').split('/');
  return ['args', ...segments.map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))].join('_');
}

/**
 * The form control a problem is about, inside `root` (the Tool pane): the field itself, the key box of a map
 * entry without a key, or, when the field is not drawn (a union's other option), its nearest drawn parent.
 */
export function controlForProblem(root: ParentNode, problem: ArgumentProblem): HTMLElement | undefined {
  const segments = problem.path === '' ? [] : problem.path.replace(/^\//, '').split('/');
  const entry = /^entry (\d+) has no key/.exec(problem.message)?.[1];
  for (let length = segments.length; length >= 0; length--) {
    const pointer = length === 0 ? '' : `/${segments.slice(0, length).join('/')}`;
    const found = root.querySelector<HTMLElement>(`[id="${CSS.escape(fieldIdOf(pointer))}"]`);
    if (!found) continue;
    if (entry && length === segments.length) {
      const key = found.querySelector<HTMLElement>(`input[aria-label="Key of entry ${entry}"]`);
      if (key) return key;
    }
    if (found.matches('input, select, textarea, button')) return found;
    return found.querySelector<HTMLElement>('input, select, textarea') ?? found;
  }
  return undefined;
}

/** Scrolls the form to a problem's field and, when asked, puts the caret in it. */
export function goToProblem(root: ParentNode, problem: ArgumentProblem, focus: boolean): boolean {
  const control = controlForProblem(root, problem);
  if (!control) return false;
  // The field's row, label included, should show whole: scroll its wrapper, not only the input.
  control.scrollIntoView({ block: 'center', behavior: 'auto' });
  if (focus) control.focus({ preventScroll: true });
  return true;
}
