/** One row of a side-by-side diff; `left`/`right` are absent on the side where the line does not exist. */
export interface DiffRow {
  kind: 'same' | 'added' | 'removed' | 'changed';
  left?: string;
  right?: string;
}

/** A diff, or the note that the inputs were too large to diff. */
export type DiffResult =
  { rows: DiffRow[]; tooLarge: false } | { tooLarge: true; left: string[]; right: string[] };

/** Above this many lines on one side the diff is not computed: the LCS table is O(n·m). */
export const MAX_DIFF_LINES = 5000;

/** Edit operations from the LCS walk, before pairing removals with additions. */
type Op =
  | { kind: 'same'; line: string; right: string }
  | { kind: 'removed'; line: string }
  | { kind: 'added'; line: string };

function lcsOps(a: string[], b: string[]): Op[] {
  // Trim the common prefix and suffix first: typical result diffs differ in a few lines only.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const n = midA.length;
  const m = midB.length;
  // lengths[i][j] = LCS length of midA[i..] and midB[j..], flattened into one typed array.
  const width = m + 1;
  const lengths = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * width + j] =
        midA[i] === midB[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const ops: Op[] = a.slice(0, start).map((line) => ({ kind: 'same', line, right: line }));
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (midA[i] === midB[j]) {
      ops.push({ kind: 'same', line: midA[i]!, right: midB[j]! });
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      ops.push({ kind: 'removed', line: midA[i++]! });
    } else {
      ops.push({ kind: 'added', line: midB[j++]! });
    }
  }
  while (i < n) ops.push({ kind: 'removed', line: midA[i++]! });
  while (j < m) ops.push({ kind: 'added', line: midB[j++]! });
  for (const line of a.slice(endA)) ops.push({ kind: 'same', line, right: line });
  return ops;
}

/**
 * Line diff of two texts for a side-by-side view (LCS). A run of removals followed by additions is
 * paired row by row as "changed", so an edited line sits next to its new version.
 */
export function diffLines(leftText: string, rightText: string): DiffResult {
  const left = leftText.split('\n');
  const right = rightText.split('\n');
  if (left.length > MAX_DIFF_LINES || right.length > MAX_DIFF_LINES) return { tooLarge: true, left, right };
  const ops = lcsOps(left, right);
  const rows: DiffRow[] = [];
  let index = 0;
  while (index < ops.length) {
    const op = ops[index]!;
    if (op.kind === 'same') {
      rows.push({ kind: 'same', left: op.line, right: op.right });
      index++;
      continue;
    }
    const removed: string[] = [];
    const added: string[] = [];
    while (ops[index]?.kind === 'removed') removed.push(ops[index++]!.line);
    while (ops[index]?.kind === 'added') added.push(ops[index++]!.line);
    const paired = Math.min(removed.length, added.length);
    for (let k = 0; k < paired; k++) rows.push({ kind: 'changed', left: removed[k], right: added[k] });
    for (const line of removed.slice(paired)) rows.push({ kind: 'removed', left: line });
    for (const line of added.slice(paired)) rows.push({ kind: 'added', right: line });
  }
  return { rows, tooLarge: false };
}

/** Pretty-printed JSON for diffing; `undefined` reads as a visible placeholder instead of nothing. */
export function toDiffText(value: unknown): string {
  return value === undefined ? '(none)' : JSON.stringify(value, null, 2);
}
