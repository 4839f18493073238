import type { ArgumentProblem } from './summarize-errors.ts';

/** rjsf's nested error shape: each level keyed by property name or index, messages under `__errors`. */
export interface ErrorTree {
  __errors?: string[];
  [key: string]: ErrorTree | string[] | undefined;
}

/** Splits a JSON Pointer into its unescaped segments ('' gives []). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Places problems next to the fields they concern (rjsf's `extraErrors`). Missing required fields are left to the
 * list under the form: flagging every empty field in red before the user has typed anything is noise.
 */
export function problemsToErrorTree(problems: readonly ArgumentProblem[]): ErrorTree {
  const tree: ErrorTree = {};
  for (const problem of problems) {
    // The root has no field of its own to show a message on: its problems stay in the list.
    if (problem.message === 'is required' || problem.path === '') continue;
    let node = tree;
    for (const segment of pointerSegments(problem.path)) {
      // A property literally named `__errors` (or `__proto__`) cannot be addressed in this shape; skip it.
      if (segment === '__errors' || segment === '__proto__') break;
      const next = Object.hasOwn(node, segment) ? node[segment] : undefined;
      const child: ErrorTree = next && !Array.isArray(next) ? next : {};
      node[segment] = child;
      node = child;
    }
    node.__errors = [...(node.__errors ?? []), problem.message];
  }
  return tree;
}
